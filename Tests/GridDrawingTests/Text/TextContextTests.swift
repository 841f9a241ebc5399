import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

@Suite struct TextContextTests {
    @Test func pinnedFontMapSeesOnlyThePinnedStack() throws {
        let map = try FontMap(mode: .pinned)
        // Pango adds the generic aliases itself; every real family is DejaVu or Noto Sans.
        let real = map.families.subtracting(["sans", "serif", "monospace", "system-ui"])
        #expect(real.allSatisfy { $0.hasPrefix("dejavu") || $0.hasPrefix("noto sans") || $0 == "noto color emoji" })
        #expect(!real.contains { $0.contains("serif") && !$0.hasPrefix("dejavu") || $0.contains("mono") && !$0.hasPrefix("dejavu") && !$0.contains("cjk") })
        for family in ["dejavu sans", "dejavu sans mono", "noto sans", "noto sans thai", "noto sans devanagari", "noto sans tamil",
                       "noto sans cjk jp", "noto sans cjk sc", "noto sans cjk kr", "noto color emoji"] {
            #expect(real.contains(family), "\(family) is missing from the pinned stack")
        }
    }

    @Test func oneFontDirectoryReplacesTheStack() throws {
        let map = try FontMap(mode: .pinned, fontDirectories: ["/usr/share/fonts/truetype/dejavu"])
        #expect(map.families.subtracting(["sans", "serif", "monospace", "system-ui"]).allSatisfy { $0.hasPrefix("dejavu") })
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
        // Also next to a directory that has fonts: every directory given must add some.
        let error = try #require(throws: RenderError.self) {
            try FontMap(mode: .pinned, fontDirectories: ["/usr/share/fonts/truetype/dejavu", dir.path])
        }
        #expect(error.isBadInput && error.message.contains("no font"))
    }
}

extension TextContextTests {
    @Test func systemFontsRender() throws {
        let bytes = try GridRenderer.render(GridRendererTests.sample(), format: .png, options: RenderOptions(fonts: .system))
        let image = try PNGImage(decoding: bytes)
        #expect(image.width > 100)
    }
}
