import Foundation
import GridLayout
import Testing
@testable import GridDrawing

/// `PDFCrossReferenceRepair`: every PDF's cross-reference table says where each object is. Cairo
/// 1.16 lists one object per link that it never writes; the table that reaches the file marks
/// those free, so `qpdf --check` finds nothing, whatever the number of links and pages.
@Suite struct PDFCrossReferenceRepairTests {
    /// A PDF of `pages` pages with `links[p]` links on page `p`, written by Cairo through an
    /// `OutputSink` as a render writes it; `repaired: false` takes the filter away (Cairo's bytes).
    static func linkedPDF(links: [Int], repaired: Bool = true) throws -> [UInt8] {
        let sink = OutputSink()
        let surface = try CairoSurface.pdf(width: 300, height: 200, output: sink)
        if !repaired { sink.documentFilters = [] }
        let cr = try CairoContext(surface)
        for count in links {
            for i in 0..<count {
                let rect = Rect(x: Double(10 + (i % 20) * 14), y: Double(10 + (i / 20) % 12 * 15), width: 12, height: 10)
                cr.rectangle(rect)
                cr.fill()
                cr.link("https://example.com/\(i)?a=b&c=d", rects: [rect])
            }
            cr.showPage()
        }
        _ = try cr.finishSurface()
        try sink.finishImages()
        return sink.bytes
    }

    /// `qpdf --check` on `bytes`: its exit status and everything it printed.
    static func qpdfCheck(_ bytes: [UInt8]) throws -> (status: Int32, output: String) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("d.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["qpdf", "--check", path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Link annotations with their URIs and rectangles, as `qpdf --json` reads them.
    static func annotations(_ bytes: [UInt8]) throws -> [(uri: String, rect: [Double])] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("d.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (status, data) = try run(["qpdf", "--json", "--json-key=qpdf", path])
        #expect(status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let qpdf = try #require(json["qpdf"] as? [Any])
        let objects = try #require(qpdf.last as? [String: Any])
        return objects.keys.sorted().compactMap { key -> (String, [Double])? in
            guard let object = (objects[key] as? [String: Any])?["value"] as? [String: Any],
                  object["/Subtype"] as? String == "/Link",
                  let action = object["/A"] as? [String: Any], let uri = action["/URI"] as? String,
                  let rect = object["/Rect"] as? [Double] else { return nil }
            return (String(uri.dropFirst(2)), rect)  // "u:" then the text
        }
    }

    /// Cairo's own bytes fail the check (the defect this repairs); the filtered ones pass with no
    /// warning, for one link up to a thousand on one page and links spread over several pages.
    @Test(arguments: [[1], [3], [1000], [2, 0, 5], [1, 1, 1, 1, 1, 1, 1], [40, 40, 40]])
    func linkedPDFsPassQpdf(links: [Int]) throws {
        let cairos = try Self.qpdfCheck(try Self.linkedPDF(links: links, repaired: false))
        #expect(cairos.status != 0 && cairos.output.contains("not found"), "Cairo 1.16 lists objects it never writes")
        let bytes = try Self.linkedPDF(links: links)
        let check = try Self.qpdfCheck(bytes)
        #expect(check.status == 0, "\(check.output)")
        #expect(!check.output.uppercased().contains("WARNING"), "\(check.output)")
        // The links are all there, with their URIs, and the bytes are the same each time.
        let found = try Self.annotations(bytes)
        #expect(found.count == links.reduce(0, +))
        let expected = Set((0..<(links.max() ?? 0)).map { "https://example.com/\($0)?a=b&c=d" })
        #expect(Set(found.map(\.uri)).symmetricDifference(expected).sorted().prefix(3) == [])
        #expect(try Self.linkedPDF(links: links) == bytes)
    }

    /// The repair only touches the table: the objects' bytes and their offsets stay Cairo's, and
    /// an annotation's rectangle is where the link was drawn (Cairo's y-up points).
    @Test func onlyTheTableChanges() throws {
        let cairos = try Self.linkedPDF(links: [3], repaired: false)
        let bytes = try Self.linkedPDF(links: [3])
        let tableAt = try #require(bytes.firstRange(of: Array("\nxref\n".utf8))).lowerBound
        #expect(bytes.count == cairos.count)
        #expect(bytes[..<tableAt] == cairos[..<tableAt])
        let rects = try Self.annotations(bytes).map(\.rect)
        #expect(rects.contains([10, 180, 22, 190]))
        // Poppler (which rebuilds Cairo's table) draws the same pixels from both.
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var pngs: [Data] = []
        for (name, document) in [("cairo", cairos), ("ours", bytes)] {
            let path = dir.appendingPathComponent(name + ".pdf").path
            try Data(document).write(to: URL(fileURLWithPath: path))
            let (status, _) = try run(["pdftoppm", "-r", "72", "-png", "-singlefile", path, dir.appendingPathComponent(name).path])
            #expect(status == 0)
            pngs.append(try Data(contentsOf: dir.appendingPathComponent(name + ".png")))
        }
        #expect(pngs[0] == pngs[1])
    }

    // MARK: - The filter on its own

    /// A small document: objects 1, 2 and 4 written (2 twice over: once inside a stream, at the
    /// start of a line), object 3 listed but never written, object 5 listed at a wrong offset.
    static func document() -> (bytes: [UInt8], table: [UInt8]) {
        var body = Array("%PDF-1.5\n%\u{B5}\n".utf8)
        var at: [Int: Int] = [:]
        func object(_ n: Int, _ text: String) {
            at[n] = body.count
            body += Array("\(n) 0 obj\n\(text)\nendobj\n".utf8)
        }
        object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        object(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        object(4, "<< /Length 30 >>\nstream\n2 0 obj\nendobj\nxref\n0 obj\nx\nendstream")
        object(5, "[ 3 0 R ]")
        let wrong = at[2]!
        var text = "xref\n0 6\n0000000000 65535 f \n"
        for n in 1...5 { text += String(format: "%010d 00000 n \n", n == 3 || n == 5 ? wrong : at[n]!) }
        text += "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n\(body.count)\n%%EOF\n"
        var fixed = "xref\n0 6\n0000000003 65535 f \n"
        for n in 1...5 {
            fixed += n == 3 ? "0000000000 00001 f \n" : String(format: "%010d 00000 n \n", at[n]!)
        }
        fixed += "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n\(body.count)\n%%EOF\n"
        return (body + Array(text.utf8), body + Array(fixed.utf8))
    }

    /// Cut into parts at every pair of places (one byte apart included), the document comes out
    /// the same: headers and the table mark split between parts are found.
    @Test func repairsWhereverThePartsAreCut() throws {
        let (bytes, expected) = Self.document()
        for first in 0...bytes.count {
            for second in stride(from: first, through: bytes.count, by: first % 7 == 0 ? 1 : 11) {
                let filter = PDFCrossReferenceRepair()
                var out: [UInt8] = []
                let write: (UnsafeRawBufferPointer) throws -> Void = { out.append(contentsOf: $0) }
                let bounds = Array(Set([0, first, second, bytes.count])).sorted()
                for (from, to) in zip(bounds, bounds.dropFirst()) {
                    try bytes[from..<to].withUnsafeBytes { try filter.copy($0, to: write) }
                }
                try filter.finish(to: write)
                #expect(out == expected, "cut at \(first), \(second)")
                if out != expected { return }
            }
        }
        // One byte at a time.
        let filter = PDFCrossReferenceRepair()
        var out: [UInt8] = []
        for byte in bytes { try [byte].withUnsafeBytes { part in try filter.copy(part) { out.append(contentsOf: $0) } } }
        try filter.finish { out.append(contentsOf: $0) }
        #expect(out == expected)
        #expect(filter.repaired == 2)
    }

    /// A table that is right passes byte for byte; one that is not a table is an error, not a
    /// file with a broken table.
    @Test func rightTablesPassAndBrokenOnesFail() throws {
        let (_, good) = Self.document()
        var out: [UInt8] = []
        let filter = PDFCrossReferenceRepair()
        try good.withUnsafeBytes { try filter.copy($0) { out.append(contentsOf: $0) } }
        try filter.finish { out.append(contentsOf: $0) }
        #expect(out == good)
        #expect(filter.repaired == 0)

        let broken = Array("%PDF-1.5\n1 0 obj\n<< >>\nendobj\nxref\n0 9\n0000000000 65535 f \ntrailer\n".utf8)
        let other = PDFCrossReferenceRepair()
        try broken.withUnsafeBytes { try other.copy($0) { _ in } }
        #expect(throws: RenderError.self) { try other.finish { _ in } }
    }

    /// A document with no classic table (a newer Cairo's cross-reference stream) passes unchanged.
    @Test func documentsWithoutATablePass() throws {
        let bytes = Array("%PDF-1.7\n1 0 obj\n<< /Type /XRef >>\nstream\nxyz\nendstream\nendobj\nstartxref\n9\n%%EOF\n".utf8)
        var out: [UInt8] = []
        let filter = PDFCrossReferenceRepair()
        try bytes.withUnsafeBytes { try filter.copy($0) { out.append(contentsOf: $0) } }
        try filter.finish { out.append(contentsOf: $0) }
        #expect(out == bytes)
    }
}
