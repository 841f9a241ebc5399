import Foundation
import Testing
@testable import GridDrawing

/// The file layer of the project's PDF (`PDFWriter`, `PDFNumber`): numbers as printed, object
/// streams and the cross-reference stream accepted by qpdf, the same bytes for the same objects.
@Suite struct PDFWriterTests {
    /// Generated values against `%.*f` with trailing zeros taken off.
    @Test(arguments: [0, 1, 3, 6])
    func numbersAreFixedPointWithoutTrailingZeros(decimals: Int) {
        var rng = WriterTestRandom(seed: UInt64(decimals) &+ 7)
        for _ in 0..<2_000 {
            let magnitude = [1.0, 10, 1_000, 100_000][Int(rng.next() % 4)]
            let value = (Double(rng.next() >> 11) / Double(UInt64(1) << 53) * 2 - 1) * magnitude
            var printed = String(format: "%.\(decimals)f", value)
            if printed.contains(".") { while printed.hasSuffix("0") { printed.removeLast() } }
            if printed.hasSuffix(".") { printed.removeLast() }
            if printed == "-0" { printed = "0" }
            // %f rounds halves to even on the binary value; both round the same decimal digits
            // except at exact ties, which random values do not hit.
            #expect(PDFNumber.string(value, decimals: decimals) == printed, "\(value)")
        }
        #expect(PDFNumber.string(-0.0001, decimals: 3) == "0")
        #expect(PDFNumber.string(595.28125) == "595.281")
    }

    /// A file of `count` objects, one stream among them.
    static func file(count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = try PDFWriter { bytes += $0 }
        let catalog = writer.reserve(), pages = writer.reserve(), info = writer.reserve()
        let page = writer.reserve(), content = writer.reserve()
        try writer.add(PDFObject(number: content, "<< >>", stream: Array("0 0 1 rg 10 10 50 50 re f".utf8), deflate: true))
        var extra: [Int] = []
        for k in 0..<count {
            let n = writer.reserve()
            extra.append(n)
            try writer.add(PDFObject(number: n, "<< /Index \(k) >>"))
        }
        try writer.add(PDFObject(number: page, "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 100 100] /Contents \(content) 0 R >>"))
        try writer.add(PDFObject(number: pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>"))
        try writer.add(PDFObject(number: info, "<< /Producer (test) >>"))
        try writer.addDirect(PDFObject(number: catalog, "<< /Type /Catalog /Pages \(pages) 0 R /Extra [\(extra.map { "\($0) 0 R" }.joined(separator: " "))] >>"))
        try writer.finish(root: catalog, info: info)
        return bytes
    }

    /// Several object streams (more objects than one holds) and the cross-reference stream:
    /// qpdf finds every object with no warning; the same objects give the same bytes.
    @Test(arguments: [0, 1, 450])
    func objectStreamsAndCrossReferencesCheckClean(count: Int) throws {
        let bytes = try Self.file(count: count)
        #expect(try Self.file(count: count) == bytes)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("w.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let check = try run(["qpdf", "--check", path])
        let said = String(decoding: check.output, as: UTF8.self)
        #expect(check.status == 0 && !said.uppercased().contains("WARNING"), "\(said)")
        // Every generated object is read back from its object stream.
        let expanded = dir.appendingPathComponent("x.pdf").path
        #expect(try run(["qpdf", "--object-streams=disable", "--qdf", path, expanded]).status == 0)
        let plain = String(decoding: try Data(contentsOf: URL(fileURLWithPath: expanded)), as: UTF8.self)
        #expect((0..<count).allSatisfy { plain.contains("/Index \($0)\n") })
        #expect(String(decoding: bytes.suffix(6), as: UTF8.self) == "%%EOF\n")
    }
}
