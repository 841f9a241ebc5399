import GridLayout

/// The style cascade of DESIGN.md §2: layers are applied lowest first onto the defaults of
/// `ResolvedStyle`. With blending, a translucent background is composited over the one below
/// it (so a half-transparent selection tints a striped row); without, the topmost set value wins.
extension ResolvedStyle {
    /// `self` with the set values of `style` on top.
    package func cascading(_ style: Style, blending: Bool) -> ResolvedStyle {
        var r = self
        if let b = style.background { r.background = blending ? b.composited(over: background) : b }
        if let c = style.color { r.color = c }
        if let f = style.font { r.font = f.over(font) }
        if let p = style.padding { r.padding = p }
        if let a = style.align { r.align = a }
        if let v = style.verticalAlign { r.verticalAlign = v }
        if let w = style.wrap { r.wrap = w }
        if let m = style.maxLines { r.maxLines = m }
        if let e = style.ellipsize { r.ellipsize = e }
        if let b = style.borders {
            if let t = b.top { r.borders.top = t }
            if let t = b.right { r.borders.right = t }
            if let t = b.bottom { r.borders.bottom = t }
            if let t = b.left { r.borders.left = t }
        }
        if let o = style.opacity { r.opacity = o }
        if let s = style.shadow { r.shadow = s }
        if let m = style.markup { r.markup = m }
        if let l = style.linkColor { r.linkColor = l }
        return r
    }

    /// The defaults with `layers` applied lowest first (nil layers are skipped).
    package static func cascade(_ layers: [Style?], blending: Bool, base: ResolvedStyle = ResolvedStyle()) -> ResolvedStyle {
        var r = base
        for case let layer? in layers { r = r.cascading(layer, blending: blending) }
        return r
    }
}

extension StyleSheet {
    /// Layer by layer, `top`'s set values over `lower`'s: how a document's `styles` sit on its
    /// theme's, and how a theme's overrides sit on the theme it extends.
    static func documentLayered(_ top: StyleSheet, over lower: StyleSheet) -> StyleSheet {
        func m(_ a: Style?, _ b: Style?) -> Style? {
            guard let a else { return b }
            guard let b else { return a }
            return a.over(b)
        }
        var s = StyleSheet()
        s.cell = m(top.cell, lower.cell)
        s.row = m(top.row, lower.row)
        s.alternateRow = m(top.alternateRow, lower.alternateRow)
        s.header = m(top.header, lower.header)
        s.sectionHeader = m(top.sectionHeader, lower.sectionHeader)
        s.selectedRow = m(top.selectedRow, lower.selectedRow)
        s.title = m(top.title, lower.title)
        s.subtitle = m(top.subtitle, lower.subtitle)
        s.footnote = m(top.footnote, lower.footnote)
        s.stub = m(top.stub, lower.stub)
        s.summary = m(top.summary, lower.summary)
        s.columns = lower.columns
        for (k, v) in top.columns { s.columns[k] = m(v, lower.columns[k]) }
        return s
    }
}
