import GridLayout

/// The built-in themes. Colours are written as 8-bit hex so a theme written to a file with
/// `Color.hexString` reads back identical. Every preset sets the same layers (cell, header,
/// alternate row where it has one, section header, selected row, title, subtitle, footnote)
/// so that switching presets never leaves a layer from a previous look behind.
extension Theme {
    /// The default. White canvas; a dark slate header (#384a66) with white bold text; zebra
    /// rows in a cool light grey (#f2f4f8); 1 pt light grey lines (#d0d4dc) between all rows
    /// and columns and around the grid, as in the hand-written Cairo baseline. The selected
    /// row gets a translucent blue tint and a blue glow.
    public static let striped = Theme(
        name: "striped",
        styles: sheet(
            cell: body(color: hex(0x1a1a1f)),
            alternateRow: style(background: hex(0xf2f4f8)),
            header: style(background: hex(0x384a66), color: .white, font: FontSpec(weight: 700)),
            sectionHeader: style(background: hex(0xe3e7ee), color: hex(0x243047), font: FontSpec(weight: 700)),
            selectedRow: style(background: hex(0x2f6fed, alpha: 0x26),
                               shadow: Shadow(radius: 3, color: hex(0x2f6fed, alpha: 0x99))),
            text: (hex(0x1a1a1f), hex(0x5a6474), hex(0x6b7280)), accent: hex(0x2f6fed)),
        gridLines: lines(horizontal: line(1, 0xd0d4dc), vertical: line(1, 0xd0d4dc), outer: line(1, 0xd0d4dc)),
        background: .white)

    /// Quiet and neutral: white canvas, no fills except a light section header, bold header
    /// text over a slightly darker rule, thin light grey lines everywhere. For documentation
    /// tables that should not look styled.
    public static let plain = Theme(
        name: "plain",
        styles: sheet(
            cell: body(color: hex(0x202124)),
            header: style(font: FontSpec(weight: 700)),
            sectionHeader: style(background: hex(0xf4f5f7), font: FontSpec(weight: 700)),
            selectedRow: style(background: hex(0xe8f0fe)),
            text: (hex(0x202124), hex(0x5f6368), hex(0x80868b)), accent: hex(0x1a73e8)),
        gridLines: lines(horizontal: line(1, 0xe3e3e3), vertical: line(1, 0xe3e3e3),
                         outer: line(1, 0xc8c8c8), header: line(1, 0x9e9e9e)),
        background: .white)

    /// Dark UI look: charcoal canvas (#1e2128), light grey text, slightly lighter zebra rows,
    /// subtle lines one step above the background, and an accent header (light blue bold text
    /// over a 2 pt accent rule). The selected row gets an accent tint and glow.
    public static let dark = Theme(
        name: "dark",
        styles: sheet(
            cell: body(color: hex(0xd8dde6)),
            alternateRow: style(background: hex(0x282e39)),
            header: style(background: hex(0x283042), color: hex(0x7fb0ff), font: FontSpec(weight: 700)),
            sectionHeader: style(background: hex(0x333c4d), color: hex(0xeef1f6), font: FontSpec(weight: 700)),
            selectedRow: style(background: hex(0x7fb0ff, alpha: 0x33),
                               shadow: Shadow(radius: 4, color: hex(0x7fb0ff, alpha: 0xaa))),
            text: (hex(0xf0f3f8), hex(0xa9b1bf), hex(0x8a93a3)), accent: hex(0x7fb0ff)),
        gridLines: lines(horizontal: line(1, 0x323844), vertical: line(1, 0x323844),
                         outer: line(1, 0x3c4350), header: line(2, 0x7fb0ff)),
        background: hex(0x1e2128))

    /// Editorial: no fills, no vertical lines, no row lines, only a rule under the header;
    /// generous cell padding (8/14) gives the whitespace that separates rows and columns
    /// instead. Section headers are small-caps-like grey bold text with extra space above.
    public static let minimal = Theme(
        name: "minimal",
        styles: sheet(
            cell: body(color: hex(0x222222), padding: Insets(top: 8, right: 14, bottom: 8, left: 14)),
            header: style(color: hex(0x111111), font: FontSpec(weight: 700)),
            sectionHeader: style(color: hex(0x666666), font: FontSpec(weight: 700),
                                 padding: Insets(top: 14, right: 14, bottom: 6, left: 14)),
            selectedRow: style(background: hex(0xf3f6fb)),
            text: (hex(0x111111), hex(0x666666), hex(0x888888)), accent: hex(0x1f5fbf)),
        gridLines: lines(header: line(1, 0x222222)),
        background: .white)

    /// Green-bar computer paper: an off-white sheet (#fbfdf8), pale green alternate rows
    /// (#dff0d8), thin green ruled lines, a dark green rule under the header and around the
    /// grid. Body cells use DejaVu Sans Mono so digits line up in columns like a printout;
    /// header, section header and text blocks stay in DejaVu Sans. The selected row is
    /// marked like a highlighter.
    public static let ledger = Theme(
        name: "ledger",
        styles: sheet(
            cell: body(color: hex(0x1f2d1f), family: "DejaVu Sans Mono"),
            alternateRow: style(background: hex(0xdff0d8)),
            header: style(background: hex(0xc5e1b8), color: hex(0x1e4620),
                          font: FontSpec(family: "DejaVu Sans", weight: 700)),
            sectionHeader: style(background: hex(0xeaf4e4), color: hex(0x1e4620),
                                 font: FontSpec(family: "DejaVu Sans", weight: 700)),
            selectedRow: style(background: hex(0xffe066, alpha: 0x99)),
            text: (hex(0x1e4620), hex(0x3c763d), hex(0x5b7f5b)), accent: hex(0x2e6b30)),
        gridLines: lines(horizontal: line(0.5, 0xa8c8a0), vertical: line(1, 0x8fb98a),
                         outer: line(1, 0x3c763d), header: line(2, 0x3c763d)),
        background: hex(0xfbfdf8))
}

// MARK: - Building blocks (file-private so they cannot clash with other code in the module)

/// Default cell padding: 4 pt above and below, 8 pt left and right.
private let cellPadding = Insets<Double>(top: 4, right: 8, bottom: 4, left: 8)

private func hex(_ rgb: UInt32, alpha: UInt32 = 0xFF) -> Color {
    Color(red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255,
          blue: Double(rgb & 0xFF) / 255, alpha: Double(alpha) / 255)
}

private func line(_ width: Double, _ rgb: UInt32) -> LineStyle { LineStyle(width: width, color: hex(rgb)) }

private func lines(horizontal: LineStyle? = nil, vertical: LineStyle? = nil, outer: LineStyle? = nil,
                   header: LineStyle? = nil) -> GridLines {
    var g = GridLines()
    g.horizontal = horizontal; g.vertical = vertical; g.outer = outer; g.header = header
    // Vertical lines on top: columns read as continuous bands across zebra rows.
    if vertical != nil { g.onTop = .vertical }
    return g
}

private func style(background: Color? = nil, color: Color? = nil, font: FontSpec? = nil,
                   padding: Insets<Double>? = nil, shadow: Shadow? = nil) -> Style {
    var s = Style()
    s.background = background; s.color = color; s.font = font; s.padding = padding; s.shadow = shadow
    return s
}

/// The base `cell` layer: a complete font (DejaVu Sans 9 regular unless `family` says
/// otherwise), cell padding, middle vertical alignment, no wrapping.
private func body(color: Color, family: String = "DejaVu Sans", padding: Insets<Double> = cellPadding) -> Style {
    var s = style(color: color, font: FontSpec(family: family, size: 9, weight: 400, italic: false), padding: padding)
    s.verticalAlign = .middle
    s.wrap = false
    return s
}

/// Title (DejaVu Sans Bold 14), subtitle (10) and footnote (italic 8) in the given colours,
/// links in the accent colour,
/// with padding that separates them from the grid (the only space a theme adds, and only
/// inside the text blocks' own boxes).
private func sheet(cell: Style, alternateRow: Style? = nil, header: Style, sectionHeader: Style,
                   selectedRow: Style, text: (title: Color, subtitle: Color, footnote: Color), accent: Color) -> StyleSheet {
    var s = StyleSheet()
    s.cell = cell
    // Links (`linkColor`) take the theme's accent colour, in every layer below them.
    s.cell?.linkColor = accent
    s.alternateRow = alternateRow
    s.header = header
    s.sectionHeader = sectionHeader
    s.selectedRow = selectedRow
    s.title = style(color: text.title, font: FontSpec(family: "DejaVu Sans", size: 14, weight: 700, italic: false),
                    padding: Insets(top: 0, right: 0, bottom: 4, left: 0))
    s.subtitle = style(color: text.subtitle, font: FontSpec(family: "DejaVu Sans", size: 10, weight: 400, italic: false),
                       padding: Insets(top: 0, right: 0, bottom: 8, left: 0))
    s.footnote = style(color: text.footnote, font: FontSpec(family: "DejaVu Sans", size: 8, weight: 400, italic: true),
                       padding: Insets(top: 6, right: 0, bottom: 0, left: 0))
    return s
}

// MARK: - Dark counterparts (`appearance: "dark"`)

extension Theme {
    /// `plain` for dark pages: near-black canvas (#16181d), light grey text, quiet lines one
    /// step above the background, bold header over a grey rule.
    public static let plainDark = Theme(
        name: "plain-dark",
        styles: sheet(
            cell: body(color: hex(0xe3e5e8)),
            header: style(color: hex(0xf5f6f7), font: FontSpec(weight: 700)),
            sectionHeader: style(background: hex(0x22262e), font: FontSpec(weight: 700)),
            selectedRow: style(background: hex(0x1f3a5f)),
            text: (hex(0xf5f6f7), hex(0xa8adb4), hex(0x8b9098)), accent: hex(0x8ab4f8)),
        gridLines: lines(horizontal: line(1, 0x2c3038), vertical: line(1, 0x2c3038),
                         outer: line(1, 0x3d424b), header: line(1, 0x7d838c)),
        background: hex(0x16181d))

    /// `minimal` for dark pages: no fills or row lines, generous padding, one light rule under
    /// the header.
    public static let minimalDark = Theme(
        name: "minimal-dark",
        styles: sheet(
            cell: body(color: hex(0xdedede), padding: Insets(top: 8, right: 14, bottom: 8, left: 14)),
            header: style(color: hex(0xf2f2f2), font: FontSpec(weight: 700)),
            sectionHeader: style(color: hex(0x9a9a9a), font: FontSpec(weight: 700),
                                 padding: Insets(top: 14, right: 14, bottom: 6, left: 14)),
            selectedRow: style(background: hex(0x1e2633)),
            text: (hex(0xf2f2f2), hex(0x9a9a9a), hex(0x808080)), accent: hex(0x7fb0ff)),
        gridLines: lines(header: line(1, 0xdedede)),
        background: hex(0x141414))

    /// `ledger` for dark pages: a dark green sheet with deeper green bars, green ruled lines
    /// and pale green monospaced figures.
    public static let ledgerDark = Theme(
        name: "ledger-dark",
        styles: sheet(
            cell: body(color: hex(0xcfe8cf), family: "DejaVu Sans Mono"),
            alternateRow: style(background: hex(0x173020)),
            header: style(background: hex(0x1f3d26), color: hex(0xb8e0b0),
                          font: FontSpec(family: "DejaVu Sans", weight: 700)),
            sectionHeader: style(background: hex(0x142a1a), color: hex(0xb8e0b0),
                                 font: FontSpec(family: "DejaVu Sans", weight: 700)),
            selectedRow: style(background: hex(0xffe066, alpha: 0x40)),
            text: (hex(0xb8e0b0), hex(0x8cc48c), hex(0x7aa87a)), accent: hex(0x9ed89a)),
        gridLines: lines(horizontal: line(0.5, 0x2e5436), vertical: line(1, 0x3a6b43),
                         outer: line(1, 0x6aa56f), header: line(2, 0x6aa56f)),
        background: hex(0x0f1a12))
}
