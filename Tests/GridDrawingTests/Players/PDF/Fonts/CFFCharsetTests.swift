import CFontSubset
import Testing
@testable import GridDrawing

/// The CIDs of a CFF subset's glyphs read from its charset: Noto Sans CJK is CID-keyed with
/// CID = glyph id, and HarfBuzz keeps each glyph's CID when it renumbers them.
@Suite struct CFFCharsetTests {
    @Test func cjkSubsetKeepsItsCIDs() throws {
        let line = ShapedLine("漢字表格数据统计", font: "Noto Sans CJK SC 14")
        let font = line.runs[0].font
        let ids = Array(Set(line.runs[0].glyphs.map(\.id))).sorted()
        var length = 0
        let bytes = try #require(grfs_subset(font.pointer, ids, ids.count, 0, 1, &length))
        defer { grfs_free(bytes) }
        let charset = try #require(CFFCharset(Array(UnsafeBufferPointer(start: bytes, count: length))))
        #expect(charset.cidKeyed)
        #expect(charset.cids == [0] + ids)
    }

    @Test func notACFFFont() {
        #expect(CFFCharset([]) == nil)
        #expect(CFFCharset([1, 0, 4, 1, 0, 0, 0, 0]) == nil)
        #expect(CFFCharset(Array(repeating: 0xFF, count: 64)) == nil)
    }
}
