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

    /// The CMap's text: 2-byte codes, `cidchar` entries (at most 100 per block) for `cids`
    /// (code → CID).
    static func cmap(_ cids: [UInt32: UInt32], name: String) -> String {
        let entries = cids.sorted { $0.key < $1.key }.filter { $0.key != 0 }
            .map { "<\(hex($0.key))> \($0.value)" }
        var out = """
        %!PS-Adobe-3.0 Resource-CMap
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> def
        /CMapName /\(name) def
        /CMapType 1 def
        1 begincodespacerange
        <0000> <ffff>
        endcodespacerange

        """
        for start in stride(from: 0, to: entries.count, by: 100) {
            let block = entries[start..<min(start + 100, entries.count)]
            out += "\(block.count) begincidchar\n" + block.joined(separator: "\n") + "\nendcidchar\n"
        }
        out += """
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end

        """
        return out
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [12, 8, 4, 0].map { digits[Int(v >> UInt32($0)) & 15] }, as: UTF8.self)
    }
}
