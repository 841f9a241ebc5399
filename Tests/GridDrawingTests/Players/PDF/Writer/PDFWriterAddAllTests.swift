import Foundation
import Testing
@testable import GridDrawing

/// `PDFWriter.addAll` (issue 26): plain objects added at once, their object streams deflated on
/// several threads, give the bytes of the same objects added one by one, whatever came before
/// them (a part-filled object stream, streams, direct objects) and on any thread count.
@Suite struct PDFWriterAddAllTests {
    /// A generated file: some objects before, `count` plain objects of random sizes (some past
    /// the object stream's byte limit), some after. `together`: the middle ones through
    /// `addAll` on `threads`, else `add` one by one.
    static func file(seed: Int, together: Bool, threads: Int) throws -> [UInt8] {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0xADA11)
        var bytes: [UInt8] = []
        let writer = try PDFWriter { bytes += $0 }
        writer.threads = threads
        let catalog = writer.reserve(), info = writer.reserve(), pages = writer.reserve(), page = writer.reserve()
        func plain(_ k: Int) -> PDFObject {
            let size = rng.next() % 50 == 0 ? 20_000 + Int(rng.next() % 60_000) : Int(rng.next() % 120)
            return PDFObject(number: writer.reserve(), value: Array("<< /K \(k) /S (".utf8) + Array(repeating: UInt8(ascii: "a") + UInt8(k % 26), count: size) + Array(") >>".utf8))
        }
        for k in 0..<Int(rng.next() % 300) { try writer.add(plain(k)) }
        let content = writer.reserve()
        try writer.add(PDFObject(number: content, "<< >>", stream: Array("0 0 1 rg 1 1 5 5 re f".utf8), deflate: true))
        let middle = (0..<Int(rng.next() % 3_000)).map { plain($0) }
        if together { try writer.addAll(middle) } else { for object in middle { try writer.add(object) } }
        for k in 0..<Int(rng.next() % 50) { try writer.add(plain(k)) }
        try writer.add(PDFObject(number: page, "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 10 10] /Contents \(content) 0 R >>"))
        try writer.add(PDFObject(number: pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>"))
        try writer.addDirect(PDFObject(number: catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>"))
        try writer.add(PDFObject(number: info, "<< /Producer (test) >>"))
        try writer.finish(root: catalog, info: info)
        return bytes
    }

    @Test(arguments: 0..<8)
    func sameBytesAsOneByOne(seed: Int) throws {
        let one = try Self.file(seed: seed, together: false, threads: 1)
        for threads in [1, 2, 7] {
            #expect(try Self.file(seed: seed, together: true, threads: threads) == one, "\(threads) threads")
        }
    }

    /// The file is one qpdf reads without a warning.
    @Test func qpdfReadsIt() throws {
        let bytes = try Self.file(seed: 3, together: true, threads: 4)
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], bytes)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(check.text)")
    }
}
