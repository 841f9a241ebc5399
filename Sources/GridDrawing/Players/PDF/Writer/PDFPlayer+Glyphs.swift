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
        emit("BT\n")
        var current: (font: Int, size: Double)?
        var stroked = false
        for run in text.runs where !run.range.isEmpty {
            guard let shown = font(run.font) else { return }
            let index = shown.index, s = shown.size * t.s
            if current?.font != index || current?.size != s {
                emit("/F")
                PDFNumber.append(index + 1, to: &out)
                emit(" ")
                PDFNumber.append(s, decimals: 6, to: &out)
                emit(" Tf\n")
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
                emit(shown.emboldened ? "2 Tr\n" : "0 Tr\n")
                stroked = shown.emboldened
            }
            let widths = self.widths(of: text.glyphs(of: run), index: index)
            // The run's operators go to a local buffer (moved out of `out` and back): no
            // exclusive access to the player per byte.
            var o: [UInt8] = []
            swap(&o, &out)
            writeRun(text.glyphs(of: run), widths: widths, shown: shown, size: s, x: origin.x + run.x + bold / 2 / t.s,
                     y: origin.y + run.baseline + bold / 2 / t.s, t, actual: actual, to: &o)
            swap(&o, &out)
        }
        if stroked { emit("0 Tr\n") }
        emit("ET\n")
    }

    /// One run's `Tm` and `TJ` operators: glyphs from `baseX`, `baseY` (user space), each
    /// shown as its id, moved by an adjustment where the `/W` width (`widths`, millionths of the
    /// font size: `PDFWidths`) leaves the pen 1/20 of a thousandth or more off Pango's place
    /// (kerning, a space's justification); a new `Tm` where the baseline moves.
    private func writeRun(_ glyphs: ArraySlice<GlyphsNode.Glyph>, widths: [Int32], shown: ShownFont, size s: Double,
                          x baseX: Double, y baseY: Double, _ t: Transform, actual: [PDFActualText], to out: inout [UInt8]) {
        @inline(__always) func emit(_ literal: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }
        var pen: Double?
        var lastY = 0.0
        var span = actual.makeIterator(), nextSpan = span.next(), spanEnd: Int?
        for (k, glyph) in glyphs.enumerated() {
            if k == spanEnd {
                if pen != nil { emit(">]TJ\n") }
                emit("EMC\n")
                pen = nil; spanEnd = nil
            }
            if let open = nextSpan, open.start == k {
                if pen != nil { emit(">]TJ\n") }
                out += Array("/Span <</ActualText \(PDFText.textString(open.text))>> BDC\n".utf8)
                pen = nil; spanEnd = k + open.count
                nextSpan = span.next()
            }
            let x = t.x(baseX + glyph.x), y = t.y(glyph.yUnits == 0 ? baseY : baseY + glyph.y)
            if let p = pen, y == lastY {
                let adjust = ((p - x) * 1000 / s * 10).rounded() / 10
                if adjust != 0 {
                    out.append(0x3E)
                    PDFNumber.append(adjust, decimals: 1, to: &out)
                    out.append(0x3C)
                }
                pen = p - adjust * s / 1000
            } else {
                if pen != nil { emit(">]TJ\n") }
                emit("1 0 ")
                PDFNumber.append(shown.slant, decimals: 6, to: &out)
                emit(" -1 ")
                PDFNumber.append(x, to: &out); out.append(0x20)
                PDFNumber.append(y, to: &out)
                emit(" Tm [<")
                // Where the written numbers put the pen (three decimals).
                pen = (x * 1000).rounded() / 1000
                lastY = y
            }
            PDFNumber.appendHex(glyph.id, to: &out)
            pen! += Double(widths[k]) * s / 1_000_000
        }
        if pen != nil { emit(">]TJ\n") }
        if spanEnd != nil { emit("EMC\n") }
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

    /// The advances of `glyphs` in 1/1000 of the font size, as the `/W` of the page's font
    /// `index` says: from the player's table by glyph id (`glyphWidths`), those met first read
    /// from the font at once (and noted in `pageFonts` for the `/W`).
    func widths(of glyphs: ArraySlice<GlyphsNode.Glyph>, index: Int) -> [Int32] {
        while glyphWidths.count <= index { glyphWidths.append([]) }
        var table: [Int32] = []
        swap(&table, &glyphWidths[index])
        defer { swap(&table, &glyphWidths[index]) }
        var result = [Int32](repeating: 0, count: glyphs.count)
        var complete = true
        for (k, glyph) in glyphs.enumerated() {
            let id = Int(glyph.id)
            if id < table.count, table[id] >= 0 { result[k] = table[id] } else { complete = false }
        }
        guard !complete else { return result }
        let missing = glyphs.compactMap { glyph -> UInt32? in
            let id = Int(glyph.id)
            return id < table.count && table[id] >= 0 ? nil : glyph.id
        }
        if missing.contains(where: { $0 > 0xFFFF }) { refuse("a glyph id past two bytes") }
        let unique = Array(Set(missing)).sorted()
        let read: [Int]
        do {
            read = try PDFFontEmbedder.widths(of: unique, in: pageFonts[index].font)
        } catch {
            refuse("\(error)")
            return result
        }
        let top = Int(unique.last!)
        if table.count <= top { table += [Int32](repeating: -1, count: top + 1 - table.count) }
        for (glyph, w) in zip(unique, read) {
            table[Int(glyph)] = Int32(w)
            pageFonts[index].glyphs[glyph] = w
        }
        for (k, glyph) in glyphs.enumerated() { result[k] = table[Int(glyph.id)] }
        return result
    }
}
