import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

@Suite struct AtomicFileTests {
    @Test func failedRenderLeavesTheExistingFileUntouched() throws {
        let dir = try temporaryDirectory()
        for ext in ["png", "svg", "pdf"] {
            let path = dir.appendingPathComponent("out.\(ext)").path
            try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
            var grid = makeTable([[.image(path: "missing.png", fit: .contain)]], columnWidths: [.fixed(20)], header: false)
            grid.baseDirectory = dir.path
            do {
                try GridRenderer.render(grid, to: path)
                Issue.record("rendered with a missing image")
            } catch let error as RenderError {
                #expect(error.description.contains("missing.png"))
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("previous".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.pdf", "out.png", "out.svg"])
    }

    @Test func oversizedPNGLeavesNothingBehind() throws {
        let dir = try temporaryDirectory()
        // 3,200,000,000 px wide: over PNG's 2^31 − 1 px per side.
        let grid = makeTable([[.empty]], columnWidths: [.fixed(200_000_000)], rowHeight: 1, header: false, scale: 16)
        #expect(throws: RenderError.self) { try GridRenderer.render(grid, to: dir.appendingPathComponent("big.png").path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func undecodableImageIsAClearError() throws {
        let dir = try temporaryDirectory()
        try Data("not a png".utf8).write(to: dir.appendingPathComponent("bad.png"))
        var grid = makeTable([[.image(path: "bad.png", fit: .cover)]], columnWidths: [.fixed(20)], header: false)
        grid.baseDirectory = dir.path
        #expect(throws: RenderError.self) { try GridRenderer.render(grid, format: .svg) }
    }

    @Test func writesReplaceAtomically() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("t.png").path
        try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
        try GridRenderer.render(GridRendererTests.sample(), to: path)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes == (try GridRenderer.render(GridRendererTests.sample(), format: .png)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.png"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o044 } == 0o044)
    }

    @Test func unknownExtensionIsRefused() {
        #expect(throws: RenderError.self) { try GridRenderer.render(GridRendererTests.sample(), to: "/tmp/x.gif") }
    }
}
