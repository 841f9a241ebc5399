import GridLayout

/// Decoding of the layout keys: track sizes, spacing, margins and the rest of §2's geometry.
extension NodeDecoder {
    static let trackExpectation = "expected a number, \"auto\" or an object"

    /// TrackSize: a number, `"auto"`, or `{"fixed"|"fill"|"auto"|"fraction"|"adaptive", "min", "max"}`.
    /// `allowAdaptive` is true only for item mode's `defaultColumnWidth`.
    func trackSize(_ node: Node, _ path: String, allowAdaptive: Bool = false) throws(DocumentError) -> TrackSize {
        switch node.value {
        case .number:
            return .fixed(try length(node, path))
        case .string(let s) where s == "auto":
            return .auto()
        case .object:
            let o = try object(node, path, allowed: ["fixed", "fill", "auto", "fraction", "adaptive", "min", "max"])
            let kinds = ["fixed", "fill", "auto", "fraction", "adaptive"].filter { o.has($0) }
            guard kinds.count == 1 else {
                if kinds.isEmpty { throw error(node, path, "a track size object needs one of `fixed`, `fill`, `auto`, `fraction` or `adaptive`") }
                throw error(node, path, "a track size takes only one of " + kinds.map { "`\($0)`" }.joined(separator: ", "))
            }
            let min = try o["min"].map { (n) throws(DocumentError) in try length(n, o.path("min")) }
            let max = try o["max"].map { (n) throws(DocumentError) in try length(n, o.path("max")) }
            if let min, let max, min > max {
                throw error(o["max"], o.path("max"), "`max` (\(format(max))) is less than `min` (\(format(min)))")
            }
            let kind = kinds[0]
            let value = o[kind]!
            let vp = o.path(kind)
            switch kind {
            case "fixed":
                return TrackSize(.fixed(try length(value, vp)), min: min, max: max)
            case "fill":
                let w = try number(value, vp, .fillWeight)
                return TrackSize(.fill(weight: w), min: min, max: max)
            case "fraction":
                return TrackSize(.fraction(try number(value, vp, in: 0...1)), min: min, max: max)
            case "auto":
                guard try bool(value, vp) else { throw error(value, vp, "`auto` must be true") }
                return TrackSize(.auto, min: min, max: max)
            default:  // adaptive
                guard try bool(value, vp) else { throw error(value, vp, "`adaptive` must be true") }
                guard allowAdaptive else {
                    throw error(value, vp, "`adaptive` is only allowed in item mode's `defaultColumnWidth`")
                }
                guard min != nil else { throw error(node, path, "an adaptive track needs `min`") }
                return TrackSize(.adaptive, min: min, max: max)
            }
        default:
            throw error(node, path, "\(Self.trackExpectation), found \(node.summary)")
        }
    }

    /// A list of track sizes; `null` entries use the default.
    func trackSizes(_ node: Node, _ path: String) throws(DocumentError) -> [TrackSize?] {
        var out: [TrackSize?] = []
        for (i, n) in try array(node, path).enumerated() {
            if case .null = n.value { out.append(nil); continue }
            out.append(try trackSize(n, KeyPathText.index(path, i)))
        }
        return out
    }

    /// Spacing: a number or `{"size", "stretch"}`.
    func spacing(_ node: Node, _ path: String) throws(DocumentError) -> Spacing {
        switch node.value {
        case .number: return Spacing(try length(node, path))
        case .object:
            let o = try object(node, path, allowed: ["size", "stretch"])
            let size = try o["size"].map { (n) throws(DocumentError) in try length(n, o.path("size")) } ?? 0
            let stretch = try o["stretch"].map { (n) throws(DocumentError) in try number(n, o.path("stretch"), .stretch) } ?? 0
            return Spacing(size, stretch: stretch)
        default:
            throw typeError(node, path, expected: "a number or an object with `size` and `stretch`")
        }
    }

    func spacings(_ node: Node, _ path: String) throws(DocumentError) -> [Spacing?] {
        var out: [Spacing?] = []
        for (i, n) in try array(node, path).enumerated() {
            if case .null = n.value { out.append(nil); continue }
            out.append(try spacing(n, KeyPathText.index(path, i)))
        }
        return out
    }

    /// `margins`: a Spacing for every side, or `{"top","right","bottom","left": Spacing}`.
    func margins(_ node: Node, _ path: String) throws(DocumentError) -> Insets<Spacing> {
        if case .object(let members) = node.value,
           members.contains(where: { ["top", "right", "bottom", "left"].contains($0.key) }) {
            let o = try object(node, path, allowed: ["top", "right", "bottom", "left"])
            func side(_ k: String) throws(DocumentError) -> Spacing {
                try o[k].map { (n) throws(DocumentError) in try spacing(n, o.path(k)) } ?? .zero
            }
            return Insets(top: try side("top"), right: try side("right"), bottom: try side("bottom"), left: try side("left"))
        }
        if case .object = node.value {
            _ = try object(node, path, allowed: ["size", "stretch", "top", "right", "bottom", "left"])
        }
        return Insets(all: try spacing(node, path))
    }

    /// `itemHeight`: a number (= lineSize) or `{"lineSize"|"multiplier"|"extension": n}`.
    func itemHeight(_ node: Node, _ path: String) throws(DocumentError) -> ItemHeight {
        if case .number = node.value { return .lineSize(try length(node, path)) }
        guard case .object = node.value else {
            throw typeError(node, path, expected: "a number or an object with `lineSize`, `multiplier` or `extension`")
        }
        let o = try object(node, path, allowed: ["lineSize", "multiplier", "extension"])
        guard o.members.count == 1, let m = o.members.first else {
            throw error(node, path, "`\(path)` takes exactly one of `lineSize`, `multiplier` or `extension`")
        }
        let vp = o.path(m.key)
        switch m.key {
        case "lineSize": return .lineSize(try length(m.value, vp))
        case "multiplier": return .multiplier(try number(m.value, vp, .multiplier))
        default: return .extension(try number(m.value, vp, .signedLength))
        }
    }

    /// `distribution` / `cellAlignment`: `{"horizontal", "vertical"}` or one word for both.
    func axisPair<T: RawRepresentable & CaseIterable & Hashable & Sendable>(_ node: Node, _ path: String, default d: T) throws(DocumentError) -> AxisPair<T> where T.RawValue == String {
        if case .string = node.value {
            let v = try enumeration(node, path, T.self)
            return AxisPair(horizontal: v, vertical: v)
        }
        let o = try object(node, path, allowed: ["horizontal", "vertical"])
        let h = try o["horizontal"].map { (n) throws(DocumentError) in try enumeration(n, o.path("horizontal"), T.self) } ?? d
        let v = try o["vertical"].map { (n) throws(DocumentError) in try enumeration(n, o.path("vertical"), T.self) } ?? d
        return AxisPair(horizontal: h, vertical: v)
    }

    func viewport(_ node: Node, _ path: String) throws(DocumentError) -> Rect {
        let o = try object(node, path, allowed: ["x", "y", "width", "height"])
        func v(_ k: String, required: Bool) throws(DocumentError) -> Double {
            guard let n = o[k] else {
                if required { throw error(node, path, "missing key `\(k)`") }
                return 0
            }
            return try length(n, o.path(k))
        }
        return Rect(x: try v("x", required: false), y: try v("y", required: false),
                    width: try v("width", required: true), height: try v("height", required: true))
    }

    func spans(_ node: Node, _ path: String) throws(DocumentError) -> [CellSpan] {
        var out: [CellSpan] = []
        for (i, n) in try array(node, path).enumerated() {
            let ip = KeyPathText.index(path, i)
            let o = try object(n, ip, allowed: ["row", "column", "rows", "columns"])
            guard let r = o["row"], let c = o["column"] else { throw error(n, ip, "a span needs `row` and `column`") }
            let rows = try o["rows"].map { (x) throws(DocumentError) in try integer(x, o.path("rows"), min: 1) } ?? 1
            let columns = try o["columns"].map { (x) throws(DocumentError) in try integer(x, o.path("columns"), min: 1) } ?? 1
            out.append(CellSpan(row: try integer(r, o.path("row")), column: try integer(c, o.path("column")),
                                rows: rows, columns: columns))
        }
        return out
    }

    func indices(_ node: Node, _ path: String) throws(DocumentError) -> [Int] {
        var out: [Int] = []
        for (i, n) in try array(node, path).enumerated() { out.append(try integer(n, KeyPathText.index(path, i))) }
        return out
    }
}
