/// One grid-line family as a document or theme sets it: absent = inherit from the theme.
public enum LineOverride: Sendable, Hashable {
    /// `false` or `null`: no line, even if the theme has one.
    case none
    case line(LineStyle)
}

/// `gridLines` of a document or theme; nil fields inherit.
public struct GridLinesOverride: Sendable, Hashable {
    public var horizontal: LineOverride?
    public var vertical: LineOverride?
    public var outer: LineOverride?
    public var header: LineOverride?
    public var onTop: GridLines.Family?
    public init() {}

    /// These settings applied on top of `base`.
    package func applied(to base: GridLines) -> GridLines {
        func pick(_ o: LineOverride?, _ b: LineStyle?) -> LineStyle? {
            switch o {
            case nil: return b
            case .none?: return nil
            case .line(let l)?: return l
            }
        }
        var g = base
        g.horizontal = pick(horizontal, base.horizontal)
        g.vertical = pick(vertical, base.vertical)
        g.outer = pick(outer, base.outer)
        g.header = pick(header, base.header)
        g.onTop = onTop ?? base.onTop
        return g
    }

    /// `self` over `lower` (used when a theme extends another).
    package func over(_ lower: GridLinesOverride) -> GridLinesOverride {
        var g = lower
        if let horizontal { g.horizontal = horizontal }
        if let vertical { g.vertical = vertical }
        if let outer { g.outer = outer }
        if let header { g.header = header }
        if let onTop { g.onTop = onTop }
        return g
    }
}
