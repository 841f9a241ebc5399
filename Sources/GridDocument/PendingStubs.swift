// Minimal stand-ins for pieces another engineer is writing in parallel (CSV parsing, CSS
// colours, number formatting, themes). Same signatures, simple bodies, so this branch builds
// and its tests run. THIS FILE IS DELETED AT MERGE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct CSVTable: Sendable, Hashable {
    public var header: [String]
    public var rows: [[String]]
    /// 1-based line where each row starts.
    public var rowLines: [Int]
    public init(header: [String], rows: [[String]], rowLines: [Int]) {
        self.header = header; self.rows = rows; self.rowLines = rowLines
    }
}

public enum CSVParser {
    public static func parse(_ bytes: [UInt8], delimiter: UInt8, file: String) throws(DocumentError) -> CSVTable {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let first = lines.first else { throw DocumentError(file: file, line: 1, "the CSV file is empty") }
        let sep = Character(Unicode.Scalar(delimiter))
        let header = first.split(separator: sep, omittingEmptySubsequences: false).map(String.init)
        var rows: [[String]] = [], rowLines: [Int] = []
        for (i, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: sep, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else {
                throw DocumentError(file: file, line: i + 1, "row has \(fields.count) fields, the header has \(header.count)")
            }
            rows.append(fields); rowLines.append(i + 1)
        }
        return CSVTable(header: header, rows: rows, rowLines: rowLines)
    }

    public static func parse(contentsOf path: String, delimiter: UInt8, displayName: String) throws(DocumentError) -> CSVTable {
        guard let f = fopen(path, "rb") else { throw DocumentError(file: displayName, "cannot read the file (no such file or not readable)") }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return try parse(bytes, delimiter: delimiter, file: displayName)
    }
}

extension Color {
    /// Stand-in: `#rgb`, `#rrggbb`, `#rrggbbaa`, `transparent`, `black`, `white` only.
    public init?(css: String) {
        let s = css.trimmingCharacters(in: .whitespaces).lowercased()
        switch s {
        case "transparent": self = .transparent; return
        case "black": self = .black; return
        case "white": self = .white; return
        case "red": self.init(red: 1, green: 0, blue: 0); return
        default: break
        }
        guard s.hasPrefix("#") else { return nil }
        let hex = Array(s.dropFirst())
        func v(_ c: Character) -> Double? { c.hexDigitValue.map(Double.init) }
        var comps: [Double] = []
        if hex.count == 3 || hex.count == 4 {
            for c in hex { guard let d = v(c) else { return nil }; comps.append((d * 17) / 255) }
        } else if hex.count == 6 || hex.count == 8 {
            var i = 0
            while i < hex.count {
                guard let h = v(hex[i]), let l = v(hex[i + 1]) else { return nil }
                comps.append((h * 16 + l) / 255); i += 2
            }
        } else { return nil }
        self.init(red: comps[0], green: comps[1], blue: comps[2], alpha: comps.count == 4 ? comps[3] : 1)
    }

    public var hexString: String {
        func h(_ v: Double) -> String {
            let n = Int((Swift.max(0, Swift.min(1, v)) * 255).rounded())
            return (n < 16 ? "0" : "") + String(n, radix: 16)
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }
}

private extension String {
    func trimmingCharacters(in _: WhitespaceSet) -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
    enum WhitespaceSet { case whitespaces }
}

public struct NumberFormat: Sendable {
    public var decimals: Int?
    public var grouping: Bool
    public var percent: Bool
    public var prefix: String
    public var suffix: String
    public init(decimals: Int? = nil, grouping: Bool = false, percent: Bool = false, prefix: String = "", suffix: String = "") {
        self.decimals = decimals; self.grouping = grouping; self.percent = percent; self.prefix = prefix; self.suffix = suffix
    }

    public func format(_ value: Double) -> String {
        var v = percent ? value * 100 : value
        let negative = v < 0
        v = abs(v)
        var body: String
        if let decimals {
            var p = 1.0
            for _ in 0..<decimals { p *= 10 }
            let scaled = (v * p).rounded()
            let whole = (scaled / p).rounded(.down)
            let frac = Int(scaled - whole * p)
            body = String(Int(whole))
            if decimals > 0 {
                var f = String(frac)
                while f.count < decimals { f = "0" + f }
                body += "." + f
            }
        } else {
            body = v == v.rounded() && v < 1e15 ? String(Int(v)) : String(v)
        }
        if grouping {
            let parts = body.split(separator: ".", maxSplits: 1)
            var intPart = Array(parts[0])
            var grouped = ""
            while intPart.count > 3 {
                grouped = "," + String(intPart.suffix(3)) + grouped
                intPart.removeLast(3)
            }
            body = String(intPart) + grouped + (parts.count > 1 ? "." + parts[1] : "")
        }
        return (negative ? "-" : "") + prefix + body + (percent ? "%" : "") + suffix
    }

    public static func parseNumber(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty, let v = Double(t), v.isFinite else { return nil }
        if t.lowercased().contains("n") || t.lowercased().contains("i") { return nil }  // nan, inf
        return v
    }
}

public struct Theme: Sendable {
    public var name: String
    public var styles: StyleSheet
    public var gridLines: GridLines
    public var background: Color?

    public static let presets: [Theme] = {
        let line = LineStyle(width: 1, color: Color(red: 0.82, green: 0.83, blue: 0.86))
        var plain = Theme(name: "plain", styles: StyleSheet(), gridLines: GridLines(), background: .white)
        plain.gridLines.horizontal = line
        plain.gridLines.vertical = line
        var header = Style()
        header.font = FontSpec(weight: 700)
        plain.styles.header = header
        var striped = plain
        striped.name = "striped"
        var alt = Style()
        alt.background = Color(red: 0.95, green: 0.96, blue: 0.98)
        striped.styles.alternateRow = alt
        return [plain, striped]
    }()

    public static func named(_ name: String) -> Theme? { presets.first { $0.name == name } }

    public func extended(with overrides: Theme) -> Theme {
        var t = self
        t.name = overrides.name
        t.styles = StyleSheet.documentLayered(overrides.styles, over: styles)
        t.gridLines.horizontal = overrides.gridLines.horizontal ?? gridLines.horizontal
        t.gridLines.vertical = overrides.gridLines.vertical ?? gridLines.vertical
        t.gridLines.outer = overrides.gridLines.outer ?? gridLines.outer
        t.gridLines.header = overrides.gridLines.header ?? gridLines.header
        t.gridLines.onTop = overrides.gridLines.onTop ?? gridLines.onTop
        t.background = overrides.background ?? background
        return t
    }
}

extension Style {
    /// Property-wise merge: values set in `self` win, the rest come from `lower`.
    public func over(_ lower: Style) -> Style {
        var s = lower
        if let background { s.background = background }
        if let color { s.color = color }
        if let font { s.font = font.over(lower.font ?? FontSpec()) }
        if let padding { s.padding = padding }
        if let align { s.align = align }
        if let verticalAlign { s.verticalAlign = verticalAlign }
        if let wrap { s.wrap = wrap }
        if let maxLines { s.maxLines = maxLines }
        if let ellipsize { s.ellipsize = ellipsize }
        if let borders {
            let b = lower.borders ?? Borders()
            s.borders = Borders(top: borders.top ?? b.top, right: borders.right ?? b.right,
                                bottom: borders.bottom ?? b.bottom, left: borders.left ?? b.left)
        }
        if let opacity { s.opacity = opacity }
        if let shadow { s.shadow = shadow }
        return s
    }
}

