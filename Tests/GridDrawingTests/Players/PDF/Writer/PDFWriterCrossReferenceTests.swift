import Foundation
import Testing
@testable import GridDrawing

/// The writer's cross-reference stream with PNG Up prediction (`/Predictor 12`, issue 28: a
/// 90,000-object table deflated after the last page took 0.1 s and more unpredicted): undoing the
/// prediction gives the table back, and qpdf reads every entry where the writer put it.
@Suite struct PDFWriterCrossReferenceTests {
    /// Generated tables of 7-byte rows: each predicted row is a 2 and the differences, and
    /// adding each row to the one above gives the table back.
    @Test(arguments: 0..<6)
    func predictionUndoesToTheTable(seed: Int) {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0x12E)
        let rows = Int(rng.next() % 400)
        let table = (0..<(rows * 7)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let predicted = PDFWriter.upPredicted(table, columns: 7)
        #expect(predicted.count == rows * 8)
        var undone: [UInt8] = []
        for r in 0..<rows {
            #expect(predicted[r * 8] == 2)
            for k in 0..<7 { undone.append(predicted[r * 8 + 1 + k] &+ (r == 0 ? 0 : undone[(r - 1) * 7 + k])) }
        }
        #expect(undone == table)
    }

    /// qpdf lists every object of a generated file: the catalogue at an offset, the plain
    /// objects in object streams, and the cross-reference stream says so with `/Predictor 12`.
    @Test(arguments: [1, 450, 3_000])
    func qpdfReadsEveryEntry(count: Int) throws {
        let bytes = try PDFWriterTests.file(count: count)
        #expect(String(decoding: bytes, as: UTF8.self).contains("/DecodeParms << /Predictor 12 /Columns 7 >>"))
        let xref = try OwnPDFDocumentTests.tool(["qpdf", "--show-xref"], bytes)
        #expect(xref.status == 0, "\(xref.text.prefix(500))")
        let lines = xref.text.split(separator: "\n")
        #expect(lines.first == "1/0: uncompressed; offset = \(PDFWriterCrossReferenceTests.offset(of: "\n1 0 obj\n", in: bytes) + 1)")
        #expect(lines.filter { $0.contains(": compressed; stream = ") }.count == count + 3)
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], bytes)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(check.text)")
    }

    static func offset(of needle: String, in bytes: [UInt8]) -> Int {
        let n = Array(needle.utf8)
        return (0...(bytes.count - n.count)).first { Array(bytes[$0..<($0 + n.count)]) == n } ?? -1
    }
}
