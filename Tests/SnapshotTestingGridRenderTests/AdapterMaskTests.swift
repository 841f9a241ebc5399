import Foundation
import GridDocument
import GridSnapshot
import GridSnapshotTesting
import SnapshotTesting
@testable import SnapshotTestingGridRender
import Testing

/// `Snapshotting.png(masks:)` in the swift-snapshot-testing adapter: masks resolved through the
/// snapshotted document pass an edit confined to a masked column and fail it unmasked; the
/// recorded reference and the `actual` artifact are plain PNGs (the masks' trailer stripped);
/// a column the document lacks fails with one error line and records nothing.
@Suite struct AdapterMaskTests {
    /// A table with fixed column widths whose `when` texts depend on `variant`.
    static func document(rows: Int, variant: Int, title: String = "When") throws -> Document {
        let data = (0 ..< rows).map { i in "[\(i), \"\(String(repeating: "m", count: i % 7 + 1))\", \"2026-0\((i + variant) % 9 + 1)-1\(i % 10)\"]" }
        let json = """
        {"canvas": {"padding": 4}, "columns": [{"key": "id", "width": 30}, {"key": "name", "width": 90},
         {"key": "when", "title": "\(title)", "width": 110}], "data": {"rows": [\(data.joined(separator: ", "))]}}
        """
        return try Document.decode(json: Array(json.utf8))
    }

    @Test(arguments: [(3, 1.0), (6, 2.0), (9, 1.0)])
    func maskedColumnEditPasses(rows: Int, scale: Double) throws {
        let dir = try AdapterFailureTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let original = try Self.document(rows: rows, variant: 0), edited = try Self.document(rows: rows, variant: 4)
        func verify(_ document: Document, _ masks: [SnapshotMask], record: SnapshotTestingConfiguration.Record = .never) -> String? {
            AdapterFailureTests.verify(document, .png(.strict, scale: scale, masks: masks), record: record, directory: dir, test: "masked")
        }
        // Recorded with a mask: the reference is the PNG alone.
        #expect(verify(original, [.columns("when")], record: .missing)?.contains("recorded") == true)
        let reference = try Data(contentsOf: URL(fileURLWithPath: dir + "/masked.1.png"))
        #expect(reference.range(of: MaskedPNG.marker) == nil)
        _ = try RGBAImage(pngData: reference)
        #expect(verify(original, []) == nil)
        #expect(verify(edited, [.columns("when")]) == nil)
        #expect(verify(edited, [.cells(column: "when", matching: "^2026-")]) == nil)
        let unmasked = try #require(verify(edited, []))
        #expect(unmasked.contains("does not match reference"), "\(unmasked)")
        #expect(verify(edited, [.columns("id", "name")]) != nil)
        // The header only when asked.
        let retitled = try Self.document(rows: rows, variant: 4, title: "Date")
        #expect(verify(retitled, [.columns("when")]) != nil)
        #expect(verify(retitled, [.columns("when", header: true)]) == nil)
    }

    @Test func unknownColumnFailsAndRecordsNothing() throws {
        let dir = try AdapterFailureTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let message = try #require(AdapterFailureTests.verify(try Self.document(rows: 2, variant: 0), .png(masks: [.columns("whne")]),
                                                              record: .all, directory: dir, test: "bad"))
        #expect(message.contains("mask .columns(\"whne\"): unknown column \"whne\" (columns: id, name, when)"), "\(message)")
        #expect(!message.contains("\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// Compiles only while `.png(masks:)` resolves to the adapter's with GridSnapshotTesting
    /// imported too (never called: it would record a reference).
    func bothLibrariesResolve(_ document: Document) {
        assertSnapshot(of: document, as: .png(masks: [.columns("when")]))
    }

    @Test func trailerRoundTrips() {
        let png = Data([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])
        let masks = [GridSnapshot.ComparisonResult.Rect(x: 1, y: 2, width: 3, height: 4)]
        let joined = MaskedPNG.join(png, masks)
        #expect(joined != png)
        #expect(MaskedPNG.split(joined).png == png)
        #expect(MaskedPNG.split(joined).masks == masks)
        #expect(MaskedPNG.split(png).masks.isEmpty)
        #expect(Diffing<Data>.gridPNG().toData(joined) == png)
    }
}
