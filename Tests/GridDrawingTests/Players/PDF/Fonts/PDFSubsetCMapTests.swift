import Testing
@testable import GridDrawing

/// A CFF subset's CMap: every code shown reaches its glyph's new number, in id order after
/// .notdef, as HarfBuzz renumbers a subset without kept ids.
@Suite struct PDFSubsetCMapTests {
    @Test func renumbersInIdOrderAfterNotdef() {
        #expect(PDFSubsetCMap.cids([907, 12, 30000, 13]) == [0: 0, 12: 1, 13: 2, 907: 3, 30000: 4])
        #expect(PDFSubsetCMap.cids([0, 5]) == [0: 0, 5: 1])
    }

    @Test(arguments: [1, 99, 100, 101, 250])
    func everyCodeInABlockOfAtMost100(count: Int) {
        let glyphs = (0..<count).map { UInt32(7 + 13 * $0) }
        let cmap = PDFSubsetCMap.cmap(PDFSubsetCMap.cids(glyphs), name: "GridRender-ABCDEF")
        var read: [UInt32: UInt32] = [:], blocks: [Int] = []
        for line in cmap.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, words[1] == "begincidchar" { blocks.append(Int(words[0])!) }
            if words.count == 2, words[0].hasPrefix("<"), words[0] != "<0000>" {
                read[UInt32(words[0].dropFirst().dropLast(), radix: 16)!] = UInt32(words[1])!
            }
        }
        #expect(read == Dictionary(uniqueKeysWithValues: glyphs.enumerated().map { ($0.element, UInt32($0.offset + 1)) }))
        #expect(blocks.reduce(0, +) == count && blocks.allSatisfy { $0 <= 100 })
        #expect(cmap.contains("/CMapName /GridRender-ABCDEF def"))
    }
}
