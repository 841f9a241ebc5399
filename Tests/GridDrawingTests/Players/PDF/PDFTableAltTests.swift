import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A tagged PDF's `Table` element carries the table's text alternative (`/Alt`: the document's
/// `alt`, else the one generated from the data), which the last lane makes while the others
/// paint and the join gives the element at its end (`PDFDocumentJoin.setAlt`): the same on any
/// number of lanes, read back from the file with qpdf.
@Suite struct PDFTableAltTests {
    static func document(alt: String?, rows: Int) throws -> PreparedGrid {
        let data = (0..<rows).map { r in "[\(r), \"name \(r)\", \"city \(r % 7)\", \(r * 3).5]" }.joined(separator: ",")
        let altKey = alt.map { #""alt": "\#($0)", "# } ?? ""
        let text = #"{\#(altKey)"columns": [{"key": "id"}, {"key": "name"}, {"key": "city"}, {"key": "n"}], "data": {"rows": [\#(data)]}}"#
        return try Document.decode(json: Array(text.utf8), file: "alt.json").prepare()
    }

    /// The file's objects uncompressed (qpdf --qdf), as text.
    static func objects(_ pdf: [UInt8]) throws -> String {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.pdf").path, output = dir.appendingPathComponent("out.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: input))
        let result = try run(["qpdf", "--qdf", "--object-streams=disable", input, output])
        #expect(result.status == 0)
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
    }

    /// The `/Alt` strings of the file, as qpdf writes them (hex, UTF-16BE after a byte-order mark).
    static func alts(_ objects: String) -> [String] {
        objects.components(separatedBy: "/Alt <").dropFirst().compactMap { rest -> String? in
            guard let end = rest.firstIndex(of: ">") else { return nil }
            let hex = Array(rest[..<end].utf8)
            var bytes: [UInt8] = []
            for k in stride(from: 0, to: hex.count - 1, by: 2) { bytes.append(UInt8(String(decoding: hex[k...k + 1], as: UTF8.self), radix: 16) ?? 0) }
            guard bytes.starts(with: [0xFE, 0xFF]) else { return String(decoding: bytes, as: UTF8.self) }
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
    }

    @Test(arguments: [nil, "Ages and cities of 300 people"], [1, 2, 3])
    func theTableCarriesItsAlternative(alt: String?, threads: Int) throws {
        let grid = try Self.document(alt: alt, rows: 300)
        let expected = try #require(grid.accessibility.alternative.text)
        if let alt { #expect(expected == alt) }
        let pdf = try OwnPDFDocumentTests.pdf(grid, threads: threads)
        let objects = try Self.objects(pdf)
        #expect(Self.alts(objects) == [expected], "the table's /Alt at \(threads) lanes")
        #expect(pdf == (try OwnPDFDocumentTests.pdf(grid, threads: 1)), "the bytes of one lane")
    }

    @Test func anUntaggedPDFHasNone() throws {
        let pdf = try OwnPDFDocumentTests.pdf(try Self.document(alt: "x", rows: 300), threads: 2, tagged: false)
        #expect(Self.alts(try Self.objects(pdf)).isEmpty)
    }
}
