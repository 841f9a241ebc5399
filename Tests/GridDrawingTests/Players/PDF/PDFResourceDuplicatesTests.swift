import Foundation
import GridLayout
import Testing
@testable import GridDrawing

/// `PDFResourceDuplicates`: a page's `/XObject`, `/Pattern` and `/Shading` dictionaries list each
/// resource once. Cairo 1.16 lists an image again each time it is painted; the filter blanks the
/// repeats with spaces, so the file is valid for qpdf, the same length, and shows the same pixels.
@Suite struct PDFResourceDuplicatesTests {
    /// A PDF page painting `images[k]` (a small RGB image each) in order, as a render writes it;
    /// `filtered: false` takes the document filters away (Cairo's bytes).
    static func pdf(painting order: [Int], filtered: Bool = true) throws -> [UInt8] {
        let sink = OutputSink()
        let surface = try CairoSurface.pdf(width: 200, height: 120, output: sink)
        if !filtered { sink.documentFilters = [] }
        let images = try (0..<3).map { k in
            try CairoSurface.image(width: 6, height: 4) { y, row in
                for x in row.indices { row[x] = 0xFF00_0000 | UInt32(k * 80) << 16 | UInt32(x * 40) << 8 | UInt32(y * 60) }
            }
        }
        let cr = try CairoContext(surface)
        for (i, k) in order.enumerated() {
            cr.save()
            cr.rectangle(Rect(x: Double(i % 20) * 10, y: Double(i / 20) * 8, width: 6, height: 4))
            cr.clip()
            cr.setSource(.surface(images[k]), x: Double(i % 20) * 10, y: Double(i / 20) * 8, sx: 1, sy: 1)
            cr.paint(alpha: 1)
            cr.restore()
        }
        cr.showPage()
        _ = try cr.finishSurface()
        try sink.finishImages()
        return sink.bytes
    }

    static func write(_ bytes: [UInt8], in dir: URL, _ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Cairo's bytes repeat the images' keys (qpdf warns); the filtered ones do not, are as long,
    /// differ only in spaces, and poppler draws the same pixels.
    @Test(arguments: [[0, 0], [0, 1, 0, 1, 2, 2], Array(repeating: [0, 1, 2], count: 40).flatMap { $0 }])
    func repeatedImagesAreListedOnce(order: [Int]) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cairos = try Self.pdf(painting: order, filtered: false)
        let bytes = try Self.pdf(painting: order)
        let rawPath = try Self.write(cairos, in: dir, "cairo.pdf"), path = try Self.write(bytes, in: dir, "ours.pdf")
        let rawCheck = PDFCrossReferenceRepairTests.self
        let before = try rawCheck.qpdfCheck(cairos)
        #expect(before.output.contains("duplicated key"), "Cairo 1.16 lists a painted image again")
        let after = try rawCheck.qpdfCheck(bytes)
        #expect(after.status == 0 && !after.output.uppercased().contains("WARNING"), "\(after.output)")
        #expect(bytes.count == cairos.count)
        #expect(zip(bytes, cairos).allSatisfy { $0 == $1 || $0 == 0x20 })
        for (name, file) in [("a", rawPath), ("b", path)] {
            let (status, _) = try run(["pdftoppm", "-r", "72", "-png", "-singlefile", file, dir.appendingPathComponent(name).path])
            #expect(status == 0)
        }
        let a = try Data(contentsOf: dir.appendingPathComponent("a.png")), b = try Data(contentsOf: dir.appendingPathComponent("b.png"))
        #expect(a == b, "the same pixels")
    }

    /// Lines of a resource dictionary with repeats, one that repeats a name for another object
    /// (left: which one is meant is not known), and lines of other forms, which pass unchanged.
    static let lines: [(String, String)] = {
        let entry = String(repeating: " ", count: " /x8 8 0 R".count)
        return [
            ("\n   /XObject << /x8 8 0 R /x9 9 0 R /x8 8 0 R /x9 9 0 R /x8 8 0 R >>\n",
             "\n   /XObject << /x8 8 0 R /x9 9 0 R\(entry)\(entry)\(entry) >>\n"),
            ("\n   /Pattern << /p3 3 0 R /p3 3 0 R >>\n", "\n   /Pattern << /p3 3 0 R\(entry) >>\n"),
            ("\n   /Shading << /sh4 4 0 R >>\n", "\n   /Shading << /sh4 4 0 R >>\n"),
            ("\n   /XObject << /x8 8 0 R /x8 9 0 R >>\n", "\n   /XObject << /x8 8 0 R /x8 9 0 R >>\n"),
            ("\n   /XObject << /x8 8 0 R /x8 8 0 R garbage >>\n", "\n   /XObject << /x8 8 0 R /x8 8 0 R garbage >>\n"),
            ("\n   /XObject << (x) /x8 8 0 R /x8 8 0 R >>\n", "\n   /XObject << (x) /x8 8 0 R /x8 8 0 R >>\n"),
        ]
    }()

    @Test func blanksOnlyExactRepeats() {
        for (line, expected) in Self.lines {
            // `blankRepeats` takes the line from its mark on (after the newline).
            var bytes = Array(line.utf8.dropFirst())
            let blanked = PDFResourceDuplicates.blankRepeats(&bytes, upTo: bytes.count)
            #expect(String(decoding: bytes, as: UTF8.self) == String(expected.dropFirst()), "\(line)")
            #expect((blanked > 0) == (line != expected))
        }
    }

    /// A document holding every line, cut into parts at every pair of places: the same output.
    @Test func blanksWhereverThePartsAreCut() throws {
        let head = "%PDF-1.5\n3 0 obj\n<<\n   /ExtGState <<\n      /a0 << /CA 1 /ca 1 >>\n   >>"
        let document = Array((head + Self.lines.map(\.0).joined(separator: ">>\nendobj\n4 0 obj\n<<") + "endobj\n").utf8)
        let expected = Array((head + Self.lines.map(\.1).joined(separator: ">>\nendobj\n4 0 obj\n<<") + "endobj\n").utf8)
        for first in 0...document.count {
            for second in stride(from: first, through: document.count, by: first % 11 == 0 ? 1 : 17) {
                let filter = PDFResourceDuplicates()
                var out: [UInt8] = []
                let bounds = Array(Set([0, first, second, document.count])).sorted()
                for (from, to) in zip(bounds, bounds.dropFirst()) {
                    try document[from..<to].withUnsafeBytes { try filter.copy($0) { out.append(contentsOf: $0) } }
                }
                try filter.finish { out.append(contentsOf: $0) }
                #expect(out == expected, "cut at \(first), \(second)")
                if out != expected { return }
            }
        }
        // A mark whose line never ends passes as it is.
        let open = Array("x\n   /XObject << /x8 8 0 R /x8 8 0 R".utf8)
        let filter = PDFResourceDuplicates()
        var out: [UInt8] = []
        try open.withUnsafeBytes { try filter.copy($0) { out.append(contentsOf: $0) } }
        try filter.finish { out.append(contentsOf: $0) }
        #expect(out == open)
    }
}
