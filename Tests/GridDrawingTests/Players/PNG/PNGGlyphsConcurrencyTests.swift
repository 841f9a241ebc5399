import Foundation
import GridDocument
import GridDrawing
import Testing

/// PNG text composited by the painting threads themselves (`PNGGlyphs`: per-thread coverages
/// keyed by scaled font) gives the same bytes when several renders share one process: documents
/// in different fonts, styles, sizes and scales rendered at once from tasks on the cooperative
/// pool, each with two painting threads, the same document twice among them, every round equal
/// to the one-at-a-time render.
@Suite struct PNGGlyphsConcurrencyTests {
    /// Six documents, one per font and size: serif, sans, mono, bold, italic; scales 1, 1.5, 2.
    static func documents() throws -> [PreparedGrid] {
        let families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Condensed"]
        return try families.indices.map { index in
            let rows = (0..<(40 + index * 9)).map { r in
                "[\"item \(r) wavy AVAWAy\", \(Double(r) * 1.37 - Double(index)), \"\(String(repeating: "fi", count: r % 7)) \(r * 31)\"]"
            }
            let style = index == 3 ? ", \"weight\": \"bold\"" : index == 4 ? ", \"italic\": true" : ""
            let json = """
            {"title": "Fonts \(index)", "canvas": {"scale": \(1 + Double(index % 3) * 0.5)},
             "columns": [{"key": "name"}, {"key": "value"}, {"key": "note"}],
             "styles": {"cell": {"font": {"family": "\(families[index])", "size": \(7 + Double(index) * 1.5)}\(style)}},
             "data": {"rows": [\(rows.joined(separator: ","))]}}
            """
            return try Document.decode(json: Array(json.utf8), file: "fonts\(index).json").prepare()
        }
    }

    @Test func concurrentRendersEqualOneAtATime() async throws {
        let grids = try Self.documents()
        let options = RenderOptions(paintThreads: 2)
        let serial = try grids.map { try GridRenderer.render($0, format: .png, options: options) }
        #expect(Set(serial).count == grids.count)
        // Each document twice per round (so two renders of one document overlap), four rounds.
        let jobs = Array(grids.indices) + Array(grids.indices)
        for round in 0..<4 {
            let results = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
                for (slot, index) in jobs.enumerated() {
                    let grid = grids[index]
                    group.addTask { (slot, try GridRenderer.render(grid, format: .png, options: options)) }
                }
                return try await group.reduce(into: [Int: [UInt8]]()) { $0[$1.0] = $1.1 }
            }
            for (slot, index) in jobs.enumerated() {
                let same = results[slot] == serial[index]
                #expect(same, "round \(round): document \(index) (render \(slot)) differs from its one-at-a-time render")
            }
        }
    }
}
