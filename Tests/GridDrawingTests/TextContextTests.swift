import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

@Suite struct TextContextTests {
    @Test func pinnedFontMapSeesOnlyThePinnedDirectory() throws {
        let map = try FontMap(mode: .pinned)
        #expect(!map.families.isEmpty)
        // Pango adds the generic aliases itself; every real family is DejaVu.
        #expect(map.families.subtracting(["sans", "serif", "monospace", "system-ui"]).allSatisfy { $0.hasPrefix("dejavu") })
        #expect(map.families.contains("dejavu sans"))
    }

    @Test func unreadableFontDirectoryIsAnError() {
        #expect(throws: RenderError.self) { try FontMap(mode: .pinned, fontDirectory: "/nonexistent/fonts") }
    }

    @Test func unknownFamilyFallsBackWithAWarning() throws {
        let context = try TextContext(mode: .pinned)
        _ = context.font(FontSpec(family: "Comic Sans MS", size: 9, weight: 400, italic: false))
        _ = context.font(FontSpec(family: "Comic Sans MS", size: 12, weight: 700, italic: false))
        _ = context.font(FontSpec(family: "monospace", size: 9, weight: 400, italic: false))
        _ = context.font(FontSpec(family: "DejaVu Serif", size: 9, weight: 400, italic: false))
        #expect(context.warnings == [#"unknown font family "Comic Sans MS"; using DejaVu Sans"#])
    }

    @Test func warningsReachTheHandler() throws {
        final class Box: @unchecked Sendable { var messages: [String] = [] }  // test-only, single-threaded
        let box = Box()
        // Fixed tracks: nothing is measured, so the font is first seen while painting.
        let grid = makeTable(text([["x"]]), columnWidths: [.fixed(20)], header: false, styler: { _, _ in
            var style = ResolvedStyle()
            style.font.family = "Nonexistent Family"
            return style
        })
        _ = try GridRenderer.render(grid, format: .png, options: RenderOptions(warningHandler: { box.messages.append($0) }))
        #expect(box.messages.count == 1 && box.messages[0].contains("Nonexistent Family"))
    }

    @Test func fallbackRendersTheSameAsDejaVuSans() throws {
        func render(_ family: String) throws -> [UInt8] {
            try GridRenderer.render(makeTable(text([["Hello"]]), header: false, styler: { _, _ in
                var style = ResolvedStyle()
                style.font.family = family
                return style
            }), format: .png)
        }
        #expect(try render("No Such Font") == render("DejaVu Sans"))
    }
}

extension TextContextTests {
    @Test func fontDirectoryWithoutFontsIsAnError() throws {
        let dir = try temporaryDirectory()
        #expect(throws: RenderError.self) { try FontMap(mode: .pinned, fontDirectory: dir.path) }
    }
}

extension TextContextTests {
    @Test func systemFontsRender() throws {
        let bytes = try GridRenderer.render(GridRendererTests.sample(), format: .png, options: RenderOptions(fonts: .system))
        let image = try PNGImage(decoding: bytes)
        #expect(image.width > 100)
    }
}
