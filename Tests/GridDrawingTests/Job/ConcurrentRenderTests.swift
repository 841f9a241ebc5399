import Foundation
import GridDocument
import GridDrawing
import GridLayout
import Testing

/// Rendering through the Swift API from many tasks at once gives the same bytes as rendering one
/// document at a time: every render owns its font map, Pango context and Cairo surfaces.
@Suite struct ConcurrentRenderTests {
    /// 16 different documents: tables, sections, items, themes, scales, fonts, spans, images.
    static func documents() throws -> [PreparedGrid] {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path
        let themes = ["striped", "plain", "dark", "minimal", "ledger"]
        var grids: [PreparedGrid] = []
        for index in 0..<12 {
            let rows = (0..<(3 + index * 7)).map { r in "[\"row \(r) é\", \(Double(r) * 1.25 - Double(index)), \"x\(String(repeating: "w", count: r % 9))\"]" }
            let json = """
            {"title": "Document \(index)", "theme": "\(themes[index % themes.count])",
             "canvas": {"scale": \(1 + Double(index % 3) * 0.5), "padding": \(index % 4 * 3)},
             "columns": [{"key": "name"}, {"key": "value"}, {"key": "note", "width": \(index % 2 == 0 ? "\"auto\"" : "90")}],
             "styles": {"cell": {"font": {"family": "\(index % 5 == 4 ? "No Such Family" : "DejaVu Sans")", "size": \(8 + index % 4)}}},
             "data": {"rows": [\(rows.joined(separator: ","))]}}
            """
            grids.append(try Document.decode(json: Array(json.utf8), file: "doc\(index).json").prepare())
        }
        for name in ["demo/table.json", "demo/items.json", "demo/sections.yaml", "decoding/people-table.json"] {
            grids.append(try Document.load(path: fixtures + "/" + name).prepare())
        }
        return grids
    }

    @Test(arguments: [OutputFormat.png, .svg, .pdf])
    func taskGroupMatchesSerialRendering(format: OutputFormat) async throws {
        let grids = try Self.documents()
        #expect(grids.count == 16)
        let serial = try grids.map { try GridRenderer.render($0, format: format) }
        let concurrent = try await renderConcurrently(grids, format: format)
        for index in grids.indices {
            #expect(concurrent[index] == serial[index], "document \(index) differs when rendered concurrently")
        }
    }

    /// The same document rendered 16 times at once: identical bytes every time.
    @Test func sameDocumentSixteenTimesAtOnce() async throws {
        let grid = try Self.documents()[5]
        let expected = try GridRenderer.render(grid, format: .png)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<16 { group.addTask { try GridRenderer.render(grid, format: .png) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }

    /// Warnings from concurrent renders reach each handler (the handler is `@Sendable`).
    @Test func warningsFromConcurrentRenders() async throws {
        let grid = try Self.documents()[4]  // asks for a font family that does not exist
        let warnings = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let collected = Collected()
                    _ = try GridRenderer.render(grid, format: .svg, options: RenderOptions(warningHandler: { collected.append($0) }))
                    return collected.values
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(warnings.count == 8)
        #expect(warnings.allSatisfy { $0.count == 1 && $0[0].contains("No Such Family") })
    }

    /// Public value types cross task boundaries: a compile-time check under Swift 6.
    @Test func publicTypesAreSendable() {
        func sendable<T: Sendable>(_: T.Type) {}
        sendable(Document.self)
        sendable(PreparedGrid.self)
        sendable(DocumentError.self)
        sendable(CSVTable.self)
        sendable(Node.self)
        sendable(Theme.self)
        sendable(RenderOptions.self)
        sendable(RenderError.self)
        sendable(OutputFormat.self)
        sendable(PNGFilter.self)
        sendable(Layout.self)
        sendable(GridSpec.self)
        sendable((any CellSource).self)
    }
}

private final class Collected: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ s: String) { lock.lock(); storage.append(s); lock.unlock() }
    var values: [String] { lock.lock(); defer { lock.unlock() }; return storage }
}
