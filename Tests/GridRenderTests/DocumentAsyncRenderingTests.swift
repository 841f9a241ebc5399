import Foundation
import GridRender
import Testing

@Suite struct DocumentAsyncRenderingTests {
    @Test func asyncTwinsGiveTheSameBytes() async throws {
        let doc = Document(header: ["a", "b"], rows: [["x", 1]], theme: .minimal)
        let png = try await doc.pngData(scale: 2)
        let svg = try await doc.svgData()
        let pdf = try await doc.pdfData()
        #expect(png == (try Self.synchronousPNG(doc)))
        #expect(svg.starts(with: Data("<?xml".utf8)) && pdf.starts(with: Data("%PDF".utf8)))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gridrender-async-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try await doc.render(to: dir.appendingPathComponent("a.png"))
        try await doc.render(to: dir.appendingPathComponent("b.svg").path)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.png").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("b.svg").path))
        await #expect(throws: GridRenderError.self) { try await Document(header: ["a"], rows: [], theme: "nope").pngData() }
    }

    /// The synchronous call, from synchronous code.
    static func synchronousPNG(_ doc: Document) throws -> Data { try doc.pngData(scale: 2) }
}
