import CPangoCairo

/// Glyphs of a run that a reader would not read as their text from the font's cmap (a
/// ligature, a contextual form, a cluster of several glyphs or characters, an ellipsis standing
/// for what it hides): written inside `/Span <</ActualText …>> BDC … EMC`, as Cairo does.
struct PDFActualText: Sendable, Equatable {
    /// The first glyph (index among the run's drawn glyphs) and how many.
    var start: Int
    var count: Int
    var text: String
}

extension TextLayout {
    /// Per run that draws a glyph (in `walkRuns` order: one per `.glyphs` item of `flatten`), the
    /// clusters whose glyphs do not read back as their characters (`GlyphCharacters`), indexed
    /// among the run's drawn glyphs (empty glyphs, such as colour glyphs the painter hid, and
    /// unknown ones, which `flatten` gives as hex boxes, left out, as `flatten` leaves them).
    func actualTexts(characters: GlyphCharacters) -> [[PDFActualText]]? {
        guard let text = pango_layout_get_text(laidOut) else { return nil }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        var out: [[PDFActualText]] = []
        let walked = TextLayout.walkRuns(of: laidOut) { laid in
            let run = laid.run
            guard let item = run.item, let glyphs = run.glyphs, let font = item.pointee.analysis.font else { return false }
            let start = Int(item.pointee.offset), length = Int(item.pointee.length)
            let count = Int(glyphs.pointee.num_glyphs)
            let starts = Set((0..<count).map { Int(glyphs.pointee.log_clusters[$0]) }).sorted()
            var spans: [PDFActualText] = []
            var drawn = 0
            var i = 0
            while i < count {
                let cluster = Int(glyphs.pointee.log_clusters[i])
                var j = i
                while j < count && Int(glyphs.pointee.log_clusters[j]) == cluster { j += 1 }
                let next = starts.first { $0 > cluster } ?? length
                let piece = UnsafeBufferPointer(start: bytes + start + cluster, count: max(0, next - cluster))
                var ids: [UInt32] = []
                for k in i..<j {
                    let glyph = glyphs.pointee.glyphs[k].glyph
                    if glyph != TextLayout.emptyGlyph && glyph & TextLayout.unknownGlyphFlag == 0 { ids.append(glyph) }
                }
                let character = piece.isEmpty ? nil : TextLayout.scalar(at: piece.baseAddress!)
                let plain = ids.count == 1 && character.map { c in
                    String(decoding: piece, as: UTF8.self).unicodeScalars.count == 1 && characters.character(c, isReadFrom: ids[0], in: font)
                } == true
                if !plain && !ids.isEmpty {
                    spans.append(PDFActualText(start: drawn, count: ids.count, text: String(decoding: piece, as: UTF8.self)))
                }
                drawn += ids.count
                i = j
            }
            if drawn > 0 { out.append(spans) }
            return true
        }
        return walked ? out : nil
    }
}
