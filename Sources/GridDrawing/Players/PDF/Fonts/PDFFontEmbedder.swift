import CFontSubset

/// Embeds the fonts of a PDF the project writes (`PDFWriter`) as Type0 fonts with 2-byte codes
/// that are the font's glyph ids (`/Identity-H`): pages show glyphs by id, so nothing in a page
/// depends on how the font is subset, and pages can be written before their fonts.
///
/// Per font: the Type0 font (`fontObject`), its CIDFont with the advances of the glyphs shown
/// (`/W`), a font descriptor, the font file cut to those glyphs by HarfBuzz's subsetter with the
/// ids kept (`Sources/CFontSubset`), and a ToUnicode CMap for the text. TrueType outlines are a
/// `CIDFontType2` with `/FontFile2` and `/CIDToGIDMap /Identity`; CFF outlines (Noto Sans CJK)
/// are a `CIDFontType0` with the subset's CFF table as `/FontFile3 /CIDFontType0C`, glyphs
/// renumbered and shown by CID (Identity-H when CIDs are the glyph ids, else through an embedded
/// CMap, `PDFSubsetCMap`), so pages still show the original glyph ids.
struct PDFFontEmbedder: PDFFontEmbedding {
    func objects(for use: PDFFontUse, fontObject: Int, reserve: () -> Int) throws -> [PDFObject] {
        try PDFFontEmbedder.objects(for: use.font, glyphs: use.glyphs, fontObject: fontObject, reserve: reserve)
    }

    /// Which PDF font `font` is shown with (one per face, any size).
    static func key(for font: ScaledFont) -> PDFFontKey { PDFFontKey(font) }

    /// Why `font` cannot be embedded by glyph id (nil when it can): not a FreeType font, or one
    /// Cairo slants itself. An emboldened one embeds its file; the player draws the bold.
    static func refusal(for font: ScaledFont) -> String? {
        guard let metrics = PDFFontMetrics(font) else { return "font is not a FreeType font" }
        if metrics.slanted { return "font \(metrics.postScriptName) is slanted by Cairo" }
        return nil
    }

    /// Whether Cairo emboldens `font` (`PDFFontMetrics.emboldened`).
    static func emboldened(_ font: ScaledFont) -> Bool { PDFFontMetrics(font)?.emboldened ?? false }

    /// The `/W` advances of `glyphs` (millionths of an em, `PDFWidths`): what a reader advances
    /// after each glyph shown with this font, unhinted, as written in the font's `/W`.
    static func widths(of glyphs: [UInt32], in font: ScaledFont) throws -> [Int] {
        guard let metrics = PDFFontMetrics(font) else { throw RenderError("PDF font: not a FreeType font") }
        var units = [Int32](repeating: 0, count: glyphs.count)
        guard grfs_advances(font.pointer, glyphs, glyphs.count, &units) == 0 else {
            throw RenderError("PDF font \(metrics.postScriptName): no advance for a glyph of \(glyphs)")
        }
        return units.map { PDFWidths.millionths($0, unitsPerEm: metrics.unitsPerEm) }
    }

    /// The objects of `font` showing `glyphs` (glyph id → the text it stands for; "" when the
    /// text is not known: then the font's cmap is read backwards, as Cairo does for glyphs shown
    /// without text). Object `fontObject` is the Type0 font; the others are numbered by `reserve`.
    static func objects(for font: ScaledFont, glyphs: [UInt32: String], fontObject: Int,
                        reserve: () -> Int) throws -> [PDFObject] {
        if let refusal = refusal(for: font) { throw RenderError("PDF font: \(refusal)") }
        guard let metrics = PDFFontMetrics(font) else { throw RenderError("PDF font: not a FreeType font") }
        guard glyphs.keys.allSatisfy({ $0 <= 0xFFFF }) else {
            throw RenderError("PDF font \(metrics.postScriptName): a glyph id above 65535")
        }
        let ids = glyphs.keys.sorted()
        let name = PDFSubsetTag.tag(name: metrics.postScriptName, glyphs: ids) + "+" + metrics.postScriptName
        let widths = Dictionary(uniqueKeysWithValues: zip(ids, try self.widths(of: ids, in: font)))
        let text = try self.text(glyphs, font: font)
        let file = try fontFile(font, glyphs: ids, metrics: metrics)

        let cidFont = reserve(), descriptor = reserve(), fontFile = reserve(), toUnicode = reserve()
        let subtype = metrics.cff ? "/CIDFontType0" : "/CIDFontType2"
        let gidMap = metrics.cff ? "" : " /CIDToGIDMap /Identity"
        // CFF: glyphs are shown by CID, which the subset's charset maps to its renumbered glyphs
        // (see `fontFile`): Identity-H where each glyph's CID is its id (Noto Sans CJK), else an
        // embedded CMap from the ids pages show to the CIDs; /W is by CID.
        var encoding = "/Identity-H"
        var extra: [PDFObject] = []
        var cidWidths = widths
        if metrics.cff {
            // Code (the glyph id pages show) → the subset's glyph (id order) → its CID.
            guard let charset = CFFCharset(file.bytes) else {
                throw RenderError("PDF font \(metrics.postScriptName): its CFF subset could not be read")
            }
            let ranks = PDFSubsetCMap.cids(ids)
            guard ranks.values.allSatisfy({ Int($0) < charset.cids.count }) else {
                throw RenderError("PDF font \(metrics.postScriptName): its CFF subset lacks glyphs")
            }
            let cids = ranks.mapValues { charset.cids[Int($0)] }
            cidWidths = Dictionary(uniqueKeysWithValues: widths.map { (cids[$0.key]!, $0.value) })
            if cids.contains(where: { $0.key != $0.value }) {
                let cmap = reserve(), cmapName = "GridRender-" + name.prefix(6)
                encoding = "\(cmap) 0 R"
                extra.append(PDFObject(number: cmap, "<< /Type /CMap /CMapName /\(cmapName) /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>",
                                       stream: Array(PDFSubsetCMap.cmap(cids, name: String(cmapName)).utf8), deflate: true))
            }
        }
        return [
            PDFObject(number: fontObject, "<< /Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding \(encoding)"
                + " /DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>"),
            PDFObject(number: cidFont, "<< /Type /Font /Subtype \(subtype) /BaseFont /\(name)"
                + " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
                + " /FontDescriptor \(descriptor) 0 R\(gidMap) /W \(PDFWidths.array(cidWidths)) >>"),
            PDFObject(number: descriptor, metrics.descriptor(name: name, fontFile: fontFile)),
            PDFObject(number: fontFile, file.dictionary, stream: file.bytes, deflate: true),
            PDFObject(number: toUnicode, "<< >>", stream: Array(PDFToUnicodeCMap.cmap(text).utf8), deflate: true),
        ] + extra
    }

    /// `glyphs`' texts, those not given read from the font's cmap (a glyph no code point maps
    /// to stays without text).
    private static func text(_ glyphs: [UInt32: String], font: ScaledFont) throws -> [UInt32: String] {
        let unknown = glyphs.filter { $0.value.isEmpty }.keys.sorted()
        guard !unknown.isEmpty else { return glyphs }
        var codePoints = [UInt32](repeating: 0, count: unknown.count)
        _ = grfs_unicode_of(font.pointer, unknown, unknown.count, &codePoints)
        var text = glyphs
        for (glyph, c) in zip(unknown, codePoints) where c != 0 {
            if let scalar = Unicode.Scalar(c) { text[glyph] = String(Character(scalar)) }
        }
        return text
    }

    /// The font file cut to `glyphs` (and .notdef). TrueType keeps the glyph ids (`/CIDToGIDMap
    /// /Identity`: code = CID = glyph id). A CFF subset keeping ids would hold an empty
    /// charstring for every glyph before the last used (Noto Sans CJK: 65,535, ~100 KB deflated
    /// for a dozen ideographs), so its glyphs are renumbered and its CFF table goes in
    /// `/FontFile3 /Subtype /CIDFontType0C` (PDF 1.3, as Cairo writes it), whose charset maps
    /// each CID to its glyph (`CFFCharset`).
    private static func fontFile(_ font: ScaledFont, glyphs: [UInt32], metrics: PDFFontMetrics) throws -> (dictionary: String, bytes: [UInt8]) {
        var length = 0
        guard let bytes = grfs_subset(font.pointer, glyphs, glyphs.count, metrics.cff ? 0 : 1, metrics.cff ? 1 : 0, &length) else {
            throw RenderError("PDF font \(metrics.postScriptName): HarfBuzz could not subset it")
        }
        defer { grfs_free(bytes) }
        let data = Array(UnsafeBufferPointer(start: bytes, count: length))
        return (metrics.cff ? "<< /Subtype /CIDFontType0C >>" : "<< /Length1 \(length) >>", data)
    }
}
