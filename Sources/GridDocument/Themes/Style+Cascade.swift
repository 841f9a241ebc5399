/// Property-wise layering of styles: the building block of the style cascade and of theme
/// extension. A layer overrides only what it sets, so a `header` that sets just `font.weight`
/// keeps the family, size, colour and padding from the layers below.
///
/// `over` replaces values; it does not composite translucent backgrounds. Blending
/// (`"blending": true`) is the cascade's decision, made where the layer order is known.
package extension Style {
    /// Fields set in `self` win over those of `lower`; `font` merges field by field
    /// (`FontSpec.over`) and `borders` edge by edge.
    func over(_ lower: Style) -> Style {
        var merged = Style()
        merged.background = background ?? lower.background
        merged.color = color ?? lower.color
        if let font, let lowerFont = lower.font {
            merged.font = font.over(lowerFont)
        } else {
            merged.font = font ?? lower.font
        }
        merged.padding = padding ?? lower.padding
        merged.align = align ?? lower.align
        merged.verticalAlign = verticalAlign ?? lower.verticalAlign
        merged.wrap = wrap ?? lower.wrap
        merged.maxLines = maxLines ?? lower.maxLines
        merged.ellipsize = ellipsize ?? lower.ellipsize
        if let borders, let lowerBorders = lower.borders {
            merged.borders = borders.over(lowerBorders)
        } else {
            merged.borders = borders ?? lower.borders
        }
        merged.opacity = opacity ?? lower.opacity
        merged.shadow = shadow ?? lower.shadow
        merged.markup = markup ?? lower.markup
        merged.linkColor = linkColor ?? lower.linkColor
        return merged
    }
}

package extension Style.Borders {
    /// Edges set in `self` win; unset edges come from `lower`.
    func over(_ lower: Style.Borders) -> Style.Borders {
        Style.Borders(top: top ?? lower.top, right: right ?? lower.right,
                      bottom: bottom ?? lower.bottom, left: left ?? lower.left)
    }
}

package extension Optional where Wrapped == Style {
    /// `Style.over` for optional layers: nil on either side means "nothing set there".
    func over(_ lower: Style?) -> Style? {
        switch (self, lower) {
        case let (top?, lower?): return top.over(lower)
        case let (top?, nil): return top
        case let (nil, lower): return lower
        }
    }
}

package extension StyleSheet {
    /// Layer by layer (and column key by column key), property by property: fields set in
    /// `self` win. Used by `Theme.extended(with:)` and for a document's `styles` over its theme.
    func over(_ lower: StyleSheet) -> StyleSheet {
        var merged = StyleSheet()
        merged.cell = cell.over(lower.cell)
        merged.row = row.over(lower.row)
        merged.alternateRow = alternateRow.over(lower.alternateRow)
        merged.header = header.over(lower.header)
        merged.sectionHeader = sectionHeader.over(lower.sectionHeader)
        merged.selectedRow = selectedRow.over(lower.selectedRow)
        merged.columns = lower.columns.merging(columns) { lowerStyle, topStyle in topStyle.over(lowerStyle) }
        merged.title = title.over(lower.title)
        merged.subtitle = subtitle.over(lower.subtitle)
        merged.footnote = footnote.over(lower.footnote)
        merged.stub = stub.over(lower.stub)
        merged.summary = summary.over(lower.summary)
        return merged
    }
}

package extension GridLines {
    /// Each line family set in `self` wins as a whole (a `LineStyle` has no optional parts).
    /// An unset family cannot remove a line from below; set it with `width: 0` to hide it.
    func over(_ lower: GridLines) -> GridLines {
        var merged = GridLines()
        merged.horizontal = horizontal ?? lower.horizontal
        merged.vertical = vertical ?? lower.vertical
        merged.outer = outer ?? lower.outer
        merged.header = header ?? lower.header
        merged.onTop = onTop ?? lower.onTop
        return merged
    }
}
