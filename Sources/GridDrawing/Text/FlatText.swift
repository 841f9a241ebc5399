import GridDocument

/// A laid-out text as Pango's Cairo renderer draws it, as plain values in drawing order
/// (`TextLayout.flatten`): glyph runs each in its colour (markup foreground and alpha, else the
/// text's colour), and filled rectangles (markup backgrounds, underlines, overlines, strike
/// lines) where `pango_renderer_draw_layout_line` fills them. A player that draws these items
/// in order draws what `TextLayout.show` draws, without Pango: the SVG player writes them, and
/// the PDF and PNG players can.
///
/// Positions are Pango units (1/1024 point) from the layout's origin, as Pango computes them, so
/// a player converts once, where Pango's renderer does (`Double(units) / 1024` added to the
/// current point). Glyphs are the runs' ranges of one array, as in `GlyphsNode`.
struct FlatText: Sendable, Equatable {
    /// One drawing operation.
    enum Item: Sendable, Equatable {
        /// A run's glyphs (`glyphs[run.range]`) in `color`; unknown glyphs are `hexBox` items.
        case glyphs(GlyphsNode.Run, color: Color)
        /// A rectangle filled in `color` (Pango units from the origin).
        case fill(Fill)
        /// A glyph Pango has no glyph for, drawn as a box with its code point's hex digits.
        case hexBox(HexBox)
    }

    /// What a filled rectangle stands for (Pango's render parts).
    enum Part: Sendable, Equatable {
        case background, underline, overline, strikethrough
    }

    /// A filled rectangle: `x`, `y`, `width`, `height` in Pango units from the layout's origin.
    struct Fill: Sendable, Equatable {
        var part: Part
        var x: Int32, y: Int32, width: Int32, height: Int32
        var color: Color

        /// The rectangle in points from the layout's origin.
        var rect: (x: Double, y: Double, width: Double, height: Double) {
            let s = GlyphsNode.unitsPerPoint
            return (Double(x) / s, Double(y) / s, Double(width) / s, Double(height) / s)
        }
    }

    /// Pango's hex box for an unknown glyph (`_pango_cairo_renderer_draw_unknown_glyph`): a
    /// frame stroked `lineWidth` wide (with an X when the input was invalid) and the code
    /// point's hex digits as glyphs of a small monospace font. Kept as Pango's numbers, so a
    /// player computes each coordinate with Pango's own arithmetic (`frame`, `digits`) and lands
    /// on the same fixed-point values.
    struct HexBox: Sendable, Equatable {
        /// Where the glyph is: its run's start and baseline (points from the layout's origin)
        /// and its offset from there (points; `dy` 0 unless the shaper moved it).
        var runX: Double, runY: Double, dx: Double, dy: Double
        /// Pango's box metrics (`PangoCairoFontHexBoxInfo`) and the box's left side bearing.
        var lsb: Double, padX: Double, padY: Double, digitWidth: Double, digitHeight: Double
        var boxHeight: Double, boxDescent: Double, lineWidth: Double
        var rows: Int, boxRows: Int, cols: Int
        var invalid: Bool
        var digitFont: ScaledFont?
        /// The digits' glyph ids, row by row.
        var digitGlyphs: [UInt32]
        var color: Color
        /// The code point the box stands for (nil for invalid input), which a PDF gives readers
        /// as the box's text instead of its digits.
        var character: UInt32? = nil

        /// The glyph's position on the device, as Pango's renderer computes it from the current
        /// point (`originX`, `originY`).
        func glyphPosition(originX: Double, originY: Double) -> (x: Double, y: Double) {
            let baseX = originX + runX, baseY = originY + runY
            return (baseX + dx, dy == 0 ? baseY : baseY + dy)
        }

        /// The frame's rectangle for the glyph at (`cx`, `cy`).
        func frame(cx: Double, cy: Double) -> (x: Double, y: Double, width: Double, height: Double) {
            let width = 3 * padX + Double(cols) * (digitWidth + padX)
            return (cx + lsb + 0.5 * padX, cy + boxDescent - boxHeight + padY * 0.5, width - padX, boxHeight - padY)
        }

        /// Each digit's glyph and where `cairo_show_text` puts it for the glyph at (`cx`, `cy`).
        func digits(cx: Double, cy: Double) -> [(id: UInt32, x: Double, y: Double)] {
            let x0 = cx + lsb + padX * 2
            let y0 = cy + boxDescent - padY * 2 - (Double(boxRows - rows) * digitHeight / 2)
            var out: [(id: UInt32, x: Double, y: Double)] = []
            var k = 0
            for row in 0..<rows {
                let y = y0 - Double(rows - 1 - row) * (digitHeight + padY)
                for col in 0..<cols where k < digitGlyphs.count {
                    out.append((digitGlyphs[k], x0 + Double(col) * (digitWidth + padX), y))
                    k += 1
                }
            }
            return out
        }
    }

    var items: [Item] = []
    var glyphs: [GlyphsNode.Glyph] = []

    /// The glyphs of `run`.
    func glyphs(of run: GlyphsNode.Run) -> ArraySlice<GlyphsNode.Glyph> { glyphs[run.range] }
}
