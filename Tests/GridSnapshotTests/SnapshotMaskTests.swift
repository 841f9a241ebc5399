import Foundation
import GridDocument
import Testing
@testable import GridSnapshot
import GridTestSupport

/// `SnapshotMask` in the Swift snapshot API (`.png(masks:)`), resolved through the snapshotted
/// document at the image's scale: for generated tables and their edited versions, a change only
/// in a masked column passes, the same change unmasked fails, header cells only when asked, a
/// pattern masks exactly the matching cells (the frames a mask file's entry gives), and a bad
/// column or pattern is one error line.
@Suite struct SnapshotMaskTests {
    /// A table with fixed column widths (an edit cannot move a column), its `updated` texts
    /// replaced in `edited` rows by another date of the same form, and the `updated` title.
    static func json(seed: UInt64, edited: Set<Int> = [], updatedTitle: String = "Updated", rows: Int) -> String {
        var random = SplitMix(seed: seed)
        var data: [String] = []
        for i in 0 ..< rows {
            let month = Int.random(in: 1 ... 9, using: &random)
            let date = "2026-0\(edited.contains(i) ? month % 9 + 1 : month)-1\(i % 10)"
            let name = String(repeating: "w", count: Int.random(in: 1 ... 10, using: &random))
            data.append("[\(i), \"\(name)\", \"\(date)\", \(Int.random(in: 0 ... 99_999, using: &random))]")
        }
        return """
        {"canvas": {"padding": \(seed % 3 * 5)}, "title": "Generated \(seed)",
         "columns": [{"key": "id", "width": 40}, {"key": "name", "width": 120},
                     {"key": "updated", "title": "\(updatedTitle)", "width": 120}, {"key": "score", "width": 70}],
         "data": {"rows": [\(data.joined(separator: ", "))]}}
        """
    }

    static func document(_ json: String) throws -> Document { try Document.decode(json: Array(json.utf8)) }

    /// `document` compared with the reference recorded from `reference` under `strict`.
    static func verify(_ document: Document, against reference: Document, scale: Double, masks: [SnapshotMask],
                       in dir: TemporaryDirectory) -> String? {
        let path = dir.file("ref-\(scale).png")
        let environment = ["SNAPSHOT_ARTIFACTS": dir.file("artifacts")]
        if !FileManager.default.fileExists(atPath: path) {
            _ = verifySnapshot(of: reference, as: .png(.strict, scale: scale), reference: path, record: .missing,
                               environment: environment)
        }
        return verifySnapshot(of: document, as: .png(.strict, scale: scale, masks: masks), reference: path,
                              record: .never, environment: environment)
    }

    @Test(arguments: [(UInt64(1), 1.0), (2, 2.0), (3, 1.0), (4, 2.0), (5, 1.0)])
    func changeOnlyInAMaskedColumnPasses(seed: UInt64, scale: Double) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        var random = SplitMix(seed: seed * 31)
        let rows = Int.random(in: 3 ... 10, using: &random)
        let edited = Set((0 ..< rows).filter { _ in Bool.random(using: &random) }).union([rows / 2])
        let reference = try Self.document(Self.json(seed: seed, rows: rows))
        let changed = try Self.document(Self.json(seed: seed, edited: edited, rows: rows))
        #expect(Self.verify(reference, against: reference, scale: scale, masks: [], in: dir) == nil)
        // Unmasked, or masking another column, the edit fails; masking its column it passes.
        let unmasked = try #require(Self.verify(changed, against: reference, scale: scale, masks: [], in: dir))
        #expect(unmasked.contains("does not match its reference"), "\(unmasked)")
        #expect(Self.verify(changed, against: reference, scale: scale, masks: [.columns("name", "score")], in: dir) != nil)
        #expect(Self.verify(changed, against: reference, scale: scale, masks: [.columns("updated")], in: dir) == nil)
        // A rectangle mask is in pixels of the image: the whole image masks everything.
        #expect(Self.verify(changed, against: reference, scale: scale,
                            masks: [.rectangle(x: 0, y: 0, width: 4000, height: 4000)], in: dir) == nil)
        // The header is left out unless asked for.
        let retitled = try Self.document(Self.json(seed: seed, edited: edited, updatedTitle: "Changed", rows: rows))
        #expect(Self.verify(retitled, against: reference, scale: scale, masks: [.columns("updated")], in: dir) != nil)
        #expect(Self.verify(retitled, against: reference, scale: scale, masks: [.columns("updated", header: true)], in: dir) == nil)
        // A pattern matching the edited cells' texts (each row's day is its own, so no other
        // row's) passes; leaving one edited cell out of it fails. Masks follow the snapshotted
        // (new) document, so the pattern matches the new texts.
        let json = Self.json(seed: seed, edited: edited, rows: rows)
        let texts = (0 ..< rows).map { String(json.components(separatedBy: "\"2026-")[$0 + 1].prefix(5)) }
        func pattern(_ rows: [Int]) -> String { "^2026-(" + rows.map { texts[$0] }.joined(separator: "|") + ")$" }
        let all = Self.verify(changed, against: reference, scale: scale,
                              masks: [.cells(column: "updated", matching: pattern(edited.sorted()))], in: dir)
        #expect(all == nil, "\(all ?? "")")
        #expect(Self.verify(changed, against: reference, scale: scale,
                            masks: [.cells(column: "updated", matching: pattern(Array(edited.sorted().dropFirst())))], in: dir) != nil)
    }

    /// A masked snapshot that still fails shows its masks on the review page: the report keeps
    /// the rectangles the masks resolved to and the page outlines them.
    @Test func failureReportOutlinesTheMasks() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let reference = try Self.document(Self.json(seed: 12, rows: 4))
        let changed = try Self.document(Self.json(seed: 12, edited: [0, 1, 2, 3], rows: 4))
        let masks: [SnapshotMask] = [.columns("name"), .rectangle(x: 1, y: 2, width: 3, height: 4)]
        #expect(Self.verify(changed, against: reference, scale: 1, masks: masks, in: dir) != nil)
        let report = SnapshotReport(directory: dir.file("artifacts"))
        let entry = try #require(report.entries().first)
        let image = try DocumentRendering.png(changed, scale: 1)
        let expected = try SnapshotMask.rectangles(masks, document: changed, theme: nil,
                                                   imageSize: .init(width: image.width, height: image.height))
        #expect(expected.count == 5)
        #expect(entry.masks == expected)
        let html = try String(contentsOfFile: report.indexPath, encoding: .utf8)
        for rect in expected {
            #expect(html.contains("<span class=\"mask\" style=\"left:\(ReviewPage.percent(rect.x, of: image.width))%;"), "\(rect)")
        }
    }

    /// The rectangles a pattern gives are the frames a mask file's `cells` entry gives for the
    /// same document (one resolver), at the image's scale.
    @Test(arguments: [(UInt64(7), 1.0), (8, 2.0), (9, 3.0)])
    func patternMasksExactlyTheMatchingCells(seed: UInt64, scale: Double) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let (path, updated, _) = try SemanticMaskTests.document(seed: seed, in: dir.path)
        let (size, cells, origin) = try SemanticMaskTests.rendered(path, scale: scale)
        let month = updated[updated.count / 2].dropFirst(5).prefix(2)
        let matching = Set(updated.indices.filter { updated[$0].dropFirst(5).prefix(2) == month })
        let document = try Document.load(path: path)
        let rects = try SnapshotMask.rectangles([.cells(column: "updated", matching: "^2026-\(month)-")],
                                                document: document, theme: nil, imageSize: size)
        #expect(Set(rects) == SemanticMaskTests.expected(cells, origin: origin, column: 2, header: false, rows: matching))
        #expect(rects.count == matching.count)
        let columns = try SnapshotMask.rectangles([.columns("updated", header: true)], document: document, theme: nil, imageSize: size)
        #expect(Set(columns) == SemanticMaskTests.expected(cells, origin: origin, column: 2, header: true))
    }

    @Test(arguments: [
        (SnapshotMask.columns("id", "nope"), "mask .columns(\"id\", \"nope\"): unknown column \"nope\" (columns: id, name, updated, score)"),
        (.cells(column: "bad\u{1}", matching: "x"), "unknown column \"bad\\u{1}\""),
        (.cells(column: "id", matching: "("), "mask .cells(column: \"id\", matching: \"(\"): not a regular expression"),
        (.columns(), "mask .columns(): name at least one column"),
        (.rectangle(x: 0, y: 0, width: 0, height: 5), "expected x, y ≥ 0 and width, height > 0"),
    ])
    func badMaskIsOneErrorLine(mask: SnapshotMask, message: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let document = try Self.document(Self.json(seed: 1, rows: 3))
        let failure = try #require(Self.verify(document, against: document, scale: 1, masks: [mask], in: dir))
        #expect(failure.hasPrefix("could not take snapshot"), "\(failure)")
        #expect(failure.contains(message), "\(failure)")
        #expect(!failure.contains("\n"))
    }

    /// Masks are for pixel comparisons; a paginated document refuses them with its reason.
    @Test func paginatedDocumentIsRefused() throws {
        let document = try Self.document(#"{"canvas": {"page": {"size": "a4"}}, "columns": [{"key": "a"}], "data": {"rows": [["x"]]}}"#)
        #expect(throws: ImageError.self) {
            try SnapshotMask.rectangles([.columns("a")], document: document, theme: nil, imageSize: .init(width: 595, height: 842))
        }
    }
}
