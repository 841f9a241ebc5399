/// What every CMap the PDF writer embeds shares (PDF 32000-1 §9.7.5 and §9.10.3): the CIDInit
/// preamble, CIDSystemInfo, name and type, a codespace of 2-byte codes, the body's entries in
/// blocks of at most 100 (as the CMap format requires), and the closing lines. The CMaps supply
/// only their body: `PDFSubsetCMap` (code → CID) and `PDFToUnicodeCMap` (code → text).
enum PDFCMapFrame {
    /// Entries of one CMap operator: `kind` "cidchar" is written `n begincidchar … endcidchar`.
    struct Entries {
        var kind: String
        var lines: [String]
    }

    /// The CMap's text. `resourceComment`: whether it starts with the
    /// "%!PS-Adobe-3.0 Resource-CMap" line (an embedded encoding CMap has it; a ToUnicode CMap
    /// does not). `ordering`: the CIDSystemInfo's (Registry Adobe, Supplement 0).
    static func cmap(resourceComment: Bool, ordering: String, name: String, type: Int, body: [Entries]) -> String {
        var out = resourceComment ? "%!PS-Adobe-3.0 Resource-CMap\n" : ""
        out += """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (\(ordering)) /Supplement 0 >> def
        /CMapName /\(name) def
        /CMapType \(type) def
        1 begincodespacerange
        <0000> <ffff>
        endcodespacerange

        """
        for entries in body {
            for start in stride(from: 0, to: entries.lines.count, by: 100) {
                let block = entries.lines[start..<min(start + 100, entries.lines.count)]
                out += "\(block.count) begin\(entries.kind)\n" + block.joined(separator: "\n") + "\nend\(entries.kind)\n"
            }
        }
        out += """
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end

        """
        return out
    }

    /// A 2-byte code or UTF-16 unit as CMaps write it: 4 lower-case hex digits (the low 16 bits).
    static func hex(_ v: UInt32) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [12, 8, 4, 0].map { digits[Int(v >> UInt32($0)) & 15] }, as: UTF8.self)
    }
}
