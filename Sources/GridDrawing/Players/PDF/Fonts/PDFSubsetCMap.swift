/// The encoding of a CFF font's subset whose CIDs are not its glyph ids: a CFF subset is cut
/// with its glyphs renumbered in id order (.notdef first, `cids`), and this embedded CMap maps
/// each code (the original glyph id, which is what pages show) to that glyph's CID, which the
/// subset's charset maps to the renumbered glyph (`CFFCharset`).
enum PDFSubsetCMap {
    /// The new id of each of `glyphs` in a subset of them and .notdef, renumbered in id order.
    static func cids(_ glyphs: [UInt32]) -> [UInt32: UInt32] {
        let kept = Set(glyphs + [0]).sorted()
        return Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($0.element, UInt32($0.offset)) })
    }

    /// The CMap's text: `cidchar` entries for `cids` (code → CID) in `PDFCMapFrame`'s frame.
    static func cmap(_ cids: [UInt32: UInt32], name: String) -> String {
        let entries = cids.sorted { $0.key < $1.key }.filter { $0.key != 0 }
            .map { "<\(PDFCMapFrame.hex($0.key))> \($0.value)" }
        return PDFCMapFrame.cmap(resourceComment: true, ordering: "Identity", name: name, type: 1,
                                 body: [.init(kind: "cidchar", lines: entries)])
    }
}
