/// CSS colour syntax for documents and theme files.
///
/// Accepted, case-insensitively and with surrounding whitespace:
/// - `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`;
/// - `rgb(r, g, b)`, `rgba(r, g, b, a)` and the modern `rgb(r g b / a)`; channels are 0…255
///   numbers or 0%…100% percentages, alpha a 0…1 number or a percentage;
/// - `hsl(h, s%, l%)`, `hsla(…)`, `hsl(h s% l% / a)`, hue in degrees (optionally `deg`);
/// - the 148 CSS named colours and `transparent`.
///
/// Out-of-range values such as `rgb(300, 0, 0)` are **rejected**, not clamped as a browser
/// would: a renderer's input is written by hand or generated, and there a 300 is a mistake
/// worth an error message ("invalid colour") rather than a silently different colour.
extension Color {
    public init?(css: String) {
        let text = css.trimmingCSSWhitespace().lowercased()
        if text == "transparent" { self = .transparent; return }
        if text.hasPrefix("#") {
            guard let color = Color.parseHex(text.dropFirst()) else { return nil }
            self = color
            return
        }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let name = text[..<open].trimmingCSSWhitespace()
            let arguments = text[text.index(after: open)..<text.index(before: text.endIndex)]
            let color: Color?
            switch name {
            case "rgb", "rgba": color = Color.parseRGB(arguments)
            case "hsl", "hsla": color = Color.parseHSL(arguments)
            default: color = nil
            }
            guard let color else { return nil }
            self = color
            return
        }
        guard let value = CSSNamedColors.table[text] else { return nil }
        self.init(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
                  blue: Double(value & 0xFF) / 255)
    }

    /// `#rrggbb` when opaque, else `#rrggbbaa`; components rounded to 8 bits (clamped to 0…1).
    /// What theme files are written with, so they read back as the same colour.
    public var hexString: String {
        func byte(_ component: Double) -> Int {
            guard component.isFinite else { return 0 }
            return Int((min(max(component, 0), 1) * 255).rounded())
        }
        let digits: [Character] = Array("0123456789abcdef")
        var out = "#"
        func append(_ value: Int) { out.append(digits[value >> 4]); out.append(digits[value & 15]) }
        append(byte(red)); append(byte(green)); append(byte(blue))
        let a = byte(alpha)
        if a != 255 { append(a) }
        return out
    }

    // MARK: - Parsing helpers

    private static func parseHex(_ digits: Substring) -> Color? {
        var values: [Int] = []
        for byte in digits.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(Int(byte - UInt8(ascii: "a")) + 10)
            default: return nil
            }
        }
        func channel(_ v: Int) -> Double { Double(v) / 255 }
        switch values.count {
        case 3, 4:   // #rgb(a): each digit doubled, so #fff == #ffffff exactly
            let c = values.map { channel($0 * 17) }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: values.count == 4 ? c[3] : 1)
        case 6, 8:
            let c = stride(from: 0, to: values.count, by: 2).map { channel(values[$0] * 16 + values[$0 + 1]) }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: values.count == 8 ? c[3] : 1)
        default:
            return nil
        }
    }

    /// Splits function arguments in either the legacy comma syntax (`a, b, c[, d]`) or the
    /// modern space syntax (`a b c[ / d]`) into three components and an optional alpha.
    private static func splitArguments(_ text: Substring) -> (components: [Substring], alpha: Substring?)? {
        if text.contains(",") {
            guard !text.contains("/") else { return nil }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCSSWhitespace() }
            guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
            return (Array(parts[0..<3]), parts.count == 4 ? parts[3] : nil)
        }
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 1 || halves.count == 2 else { return nil }
        let components = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard components.count == 3 else { return nil }
        if halves.count == 2 {
            let alpha = halves[1].trimmingCSSWhitespace()
            guard !alpha.isEmpty, !alpha.contains(" ") else { return nil }
            return (components, alpha)
        }
        return (components, nil)
    }

    /// A plain decimal number (no `nan`, `inf` or hex, which `Double(_:)` would accept).
    private static func number(_ text: Substring) -> Double? {
        guard let value = NumberFormat.parseNumber(String(text)), value.isFinite else { return nil }
        return value
    }

    /// `n%` → n/100 in 0…1; else nil.
    private static func percentage(_ text: Substring) -> Double? {
        guard text.hasSuffix("%"), let value = number(text.dropLast()), (0...100).contains(value) else { return nil }
        return value / 100
    }

    /// An alpha value: a 0…1 number or a percentage; absent (nil text) is opaque; nil if invalid.
    private static func alphaValue(_ text: Substring?) -> Double? {
        guard let text else { return 1 }
        if text.hasSuffix("%") { return percentage(text) }
        guard let value = number(text), (0...1).contains(value) else { return nil }
        return value
    }

    private static func parseRGB(_ text: Substring) -> Color? {
        guard let (parts, alphaText) = splitArguments(text) else { return nil }
        var channels: [Double] = []
        for part in parts {
            if part.hasSuffix("%") {
                guard let p = percentage(part) else { return nil }
                channels.append(p)
            } else {
                guard let v = number(part), (0...255).contains(v) else { return nil }
                channels.append(v / 255)
            }
        }
        guard let alpha = alphaValue(alphaText) else { return nil }
        return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }

    private static func parseHSL(_ text: Substring) -> Color? {
        guard let (parts, alphaText) = splitArguments(text) else { return nil }
        var hueText = parts[0]
        if hueText.hasSuffix("deg") { hueText = hueText.dropLast(3) }
        guard let hue = number(hueText), let s = percentage(parts[1]), let l = percentage(parts[2]) else { return nil }
        guard let alpha = alphaValue(alphaText) else { return nil }
        // CSS Color 4 §7.1 conversion.
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(red: f(0), green: f(8), blue: f(4), alpha: alpha)
    }
}

extension Substring {
    /// Drops leading and trailing spaces, tabs, CR and LF (ASCII only: CSS and CSV whitespace).
    func trimmingCSSWhitespace() -> Substring {
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}

extension String {
    func trimmingCSSWhitespace() -> Substring { self[...].trimmingCSSWhitespace() }
}
