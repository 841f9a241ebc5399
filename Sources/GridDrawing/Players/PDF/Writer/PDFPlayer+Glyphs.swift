import CCairo
import GridDocument
import GridLayout

/// Glyph runs in a PDF page: `BT /F1 size Tf 1 0 slant -1 x y Tm [<gid>adj<gid>] TJ ET`, codes
/// the glyph ids (two bytes, Identity-H), the adjustments bringing each glyph from where the
/// width the page records (`PDFPagePart.Font`) leaves it to where Pango placed it. Faces Cairo
/// synthesizes are the file's outlines slanted by the text matrix and emboldened with a stroke
/// of the fill's colour (`2 Tr`).
extension PDFPlayer {
    /// `actual`: for a node of one run, its glyphs to mark with their text (`PDFActualText`).
    func write(_ text: GlyphsNode, cr: CairoContext, _ t: Transform, actual: [PDFActualText] = []) {
        guard !text.glyphs.isEmpty, text.color.alpha > 0 else { return }
        // Where Pango's renderer starts the layout: Cairo's current point after moving there.
        let origin = cr.currentPoint(afterMovingTo: text.x, text.y)
        cr.newPath()
        if let inked = extents(of: text, origin: origin, t) {
            guard clip(for: inked, within: listClip) else { return }
        }
        drawing()
        setFill(text.color)
        out += Array("BT\n".utf8)
        var current: (font: Int, size: Double)?
        var stroked = false
        for run in text.runs where !run.range.isEmpty {
            guard let shown = font(run.font) else { return }
            let index = shown.index, s = shown.size * t.s
            if current?.font != index || current?.size != s {
                out += Array("/F\(index + 1) ".utf8)
                PDFNumber.append(s, decimals: 6, to: &out)
                out += Array(" Tf\n".utf8)
                current = (index, s)
            }
            // FreeType's emboldening (FT_GlyphSlot_Embolden, as Cairo asks it): the outline
            // grows by 1/24 em, all of it to the right and, as Cairo shows it, down (measured:
            // rasters of both routes at 600 dpi agree within 1 px); a stroke that wide grows it
            // half on each side, so the glyph is moved right and down by half of it.
            let bold = shown.emboldened ? s / 24 : 0
            if shown.emboldened {
                setStroke(text.color)
                setLineWidth(bold)
            }
            if shown.emboldened != stroked {
                out += Array(shown.emboldened ? "2 Tr\n".utf8 : "0 Tr\n".utf8)
                stroked = shown.emboldened
            }
            let baseX = origin.x + run.x + bold / 2 / t.s, baseY = origin.y + run.baseline + bold / 2 / t.s
            var pen: Double?
            var lastY = 0.0
            var span = actual.makeIterator(), nextSpan = span.next(), spanEnd: Int?
            for (k, glyph) in text.glyphs(of: run).enumerated() {
                if k == spanEnd {
                    if pen != nil { out += Array(">]TJ\n".utf8) }
                    out += Array("EMC\n".utf8)
                    pen = nil; spanEnd = nil
                }
                if let open = nextSpan, open.start == k {
                    if pen != nil { out += Array(">]TJ\n".utf8) }
                    out += Array("/Span <</ActualText \(PDFText.textString(open.text))>> BDC\n".utf8)
                    pen = nil; spanEnd = k + open.count
                    nextSpan = span.next()
                }
                let x = t.x(baseX + glyph.x), y = t.y(glyph.yUnits == 0 ? baseY : baseY + glyph.y)
                let width = self.width(glyph.id, index: index)
                if let p = pen, y == lastY {
                    let adjust = ((p - x) * 1000 / s * 10).rounded() / 10
                    if adjust != 0 {
                        out.append(0x3E)
                        PDFNumber.append(adjust, decimals: 1, to: &out)
                        out.append(0x3C)
                    }
                    pen = p - adjust * s / 1000
                } else {
                    if pen != nil { out += Array(">]TJ\n".utf8) }
                    out += Array("1 0 ".utf8)
                    PDFNumber.append(shown.slant, decimals: 6, to: &out)
                    out += Array(" -1 ".utf8)
                    PDFNumber.append(x, to: &out); out.append(0x20)
                    PDFNumber.append(y, to: &out)
                    out += Array(" Tm [<".utf8)
                    // Where the written numbers put the pen (three decimals).
                    pen = (x * 1000).rounded() / 1000
                    lastY = y
                }
                appendHex(glyph.id)
                pen! += Double(width) * s / 1000
            }
            if pen != nil { out += Array(">]TJ\n".utf8) }
            if spanEnd != nil { out += Array("EMC\n".utf8) }
        }
        if stroked { out += Array("0 Tr\n".utf8) }
        out += Array("ET\n".utf8)
    }

    func appendHex(_ id: UInt32) {
        let digits = Array("0123456789ABCDEF".utf8)
        for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int((id >> UInt32(shift)) & 0xF)]) }
    }

    /// How a run's scaled font is shown: the page's PDF font (`PDFFontKey`: one per face, any
    /// size), the font's size (user space), the slant of its matrix (x moved per unit up, a
    /// fontconfig oblique: Pango puts the shear in the font matrix) and whether Cairo emboldens
    /// it (`CAIRO_FT_SYNTHESIZE_BOLD`: a family without a bold face). The file's own outlines
    /// are embedded either way; the player slants them in the text matrix and emboldens them
    /// with a stroke (`write(_:cr:_:actual:)`).
    struct ShownFont: Equatable {
        var index: Int
        var size: Double
        var slant: Double
        var emboldened: Bool
    }

    /// How `font` is shown (its PDF font met first here, kept per scaled font); nil (refused)
    /// for a font whose matrix is turned or stretched, or that the embedder cannot embed.
    func font(_ font: ScaledFont) -> ShownFont? {
        if let known = fonts[font.pointer] { return known }
        var m = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(font.pointer, &m)
        guard m.yx == 0, m.xx > 0, m.xx == m.yy else {
            refuse("a font with a turned or stretched matrix")
            return nil
        }
        let key = PDFFontEmbedder.key(for: font)
        let index: Int
        if let met = pageFonts.firstIndex(where: { $0.key == key }) {
            index = met
        } else {
            if let reason = PDFFontEmbedder.refusal(for: font) {
                refuse(reason)
                return nil
            }
            index = pageFonts.count
            pageFonts.append(PDFPagePart.Font(font: font, key: key))
        }
        // Cairo's glyph space is y-down: a shear moving the top right has xy < 0.
        let shown = ShownFont(index: index, size: m.xx, slant: m.xy == 0 ? 0 : -m.xy / m.xx,
                              emboldened: PDFFontEmbedder.emboldened(font))
        fonts[font.pointer] = shown
        return shown
    }

    /// `glyph`'s advance in 1/1000 of the font size, as the font's `/W` says.
    func width(_ glyph: UInt32, index: Int) -> Int {
        if let known = pageFonts[index].glyphs[glyph] { return known }
        if glyph > 0xFFFF { refuse("a glyph id past two bytes") }
        do {
            let w = try PDFFontEmbedder.widths(of: [glyph], in: pageFonts[index].font).first ?? 0
            pageFonts[index].glyphs[glyph] = w
            return w
        } catch {
            refuse("\(error)")
            return 0
        }
    }
}
