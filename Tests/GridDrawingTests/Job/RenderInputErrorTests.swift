import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing
import GridTestSupport

/// Bad input the renderer itself finds (DESIGN.md §8), through the Swift API: `RenderError` with
/// `isBadInput`, nothing written, an existing file untouched.
@Suite struct RenderInputErrorTests {
    func scratch() throws -> String {
        try TestScratch.directory("render-errors")
    }

    func imageGrid(_ path: String, base: String) -> PreparedGrid {
        makeTable([[.text("photo")], [.image(path: path, fit: .contain)]], columnWidths: [.fixed(40)], configure: { $0.baseDirectory = base })
    }

    /// The PNG header says 30000×30000: refused from its 24 header bytes, never decoded.
    @Test func giantCellImageIsRefusedBeforeDecoding() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        header += Array("IHDR".utf8) + [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(header).write(to: URL(fileURLWithPath: dir + "/giant.png"))
        do {
            _ = try GridRenderer.render(imageGrid("giant.png", base: dir), format: .png)
            Issue.record("rendered")
        } catch let error as RenderError {
            #expect(error.isBadInput)
            #expect(error.message.contains("30000×30000"))
        }
    }

    @Test(arguments: [("text.png", Array("not a png".utf8)), ("empty.png", [])])
    func undecodableCellImageIsBadInput(name: String, bytes: [UInt8]) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/out.png"))
        do {
            try GridRenderer.render(imageGrid(name, base: dir), to: dir + "/out.png")
            Issue.record("rendered")
        } catch let error as RenderError {
            #expect(error.isBadInput)
            #expect(error.message.contains(name))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png")) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [name, "out.png"].sorted())
    }

    @Test func missingCellImageIsBadInput() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            _ = try GridRenderer.render(imageGrid("nope.png", base: dir), format: .svg)
            Issue.record("rendered")
        } catch let error as RenderError {
            #expect(error.isBadInput)
        }
    }

    /// A fit-to-content canvas over the PNG limit is bad input, refused before a band is allocated.
    @Test func contentOverThePixelLimitIsBadInput() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 3,200,000,000 px wide: over PNG's 2^31 − 1 px per side.
        let wide = makeTable([[.empty]], columnWidths: [.fixed(200_000_000)], rowHeight: 1, header: false, scale: 16)
        do {
            try GridRenderer.render(wide, to: dir + "/out.png")
            Issue.record("rendered")
        } catch let error as RenderError {
            #expect(error.isBadInput)
            #expect(error.message.contains("too large"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test(arguments: [0, -1, 17, .nan, .infinity])
    func scaleOutOfRangeIsBadInput(scale: Double) {
        do {
            _ = try GridRenderer.render(makeTable([[.text("a")]]), format: .png, options: RenderOptions(scale: scale))
            Issue.record("rendered")
        } catch let error as RenderError {
            #expect(error.isBadInput)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// An unknown font family is a warning and a fallback: the render succeeds.
    @Test func unknownFontWarnsAndFallsBack() throws {
        let collected = WarningList()
        var style = ResolvedStyle()
        style.font = FontSpec(family: "Definitely Not A Font", size: 10, weight: 400, italic: false)
        let grid = makeTable([[.text("a")], [.text("b")]], styler: { [style] _, _ in style })
        let png = try GridRenderer.render(grid, format: .png, options: RenderOptions(warningHandler: { collected.append($0) }))
        #expect(!png.isEmpty)
        #expect(collected.values.count == 1)
        #expect(collected.values.first?.contains("Definitely Not A Font") == true)
    }
}

private final class WarningList: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ s: String) { lock.lock(); storage.append(s); lock.unlock() }
    var values: [String] { lock.lock(); defer { lock.unlock() }; return storage }
}
