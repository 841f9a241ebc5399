import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The store of shaped layouts the painter shows instead of shaping again: it may only hand out
/// a layout that is exactly what `TextLayout.prepare` would make for the painter's settings.
@Suite struct ShapedLayoutsTests {
    static func rect(_ text: String, _ style: ResolvedStyle, width: Double?, context: TextContext) -> Rect {
        let layout = TextLayout(context: context)
        layout.prepare(text, style: style, width: width)
        return layout.logicalRect
    }

    @Test func naturalLayoutStandsInForLeftAlignedTextThatFits() throws {
        let context = try TextContext(mode: .pinned)
        let store = ShapedLayouts(context: context)
        let style = ResolvedStyle()
        _ = store.measure("Kraków", style: style)
        let wide = TextLayout.settings(style: style, width: 200)
        #expect(store.layout(for: "Kraków", font: style.font, settings: wide) != nil)
        let narrow = TextLayout.settings(style: style, width: 5)   // would ellipsize
        #expect(store.layout(for: "Kraków", font: style.font, settings: narrow) == nil)
        var right = style
        right.align = .right
        #expect(store.layout(for: "Kraków", font: style.font, settings: TextLayout.settings(style: right, width: 200)) == nil)
    }

    @Test func preparedLayoutsAreThePaintersOwn() throws {
        let context = try TextContext(mode: .pinned)
        let store = ShapedLayouts(context: context)
        var style = ResolvedStyle()
        style.align = .right
        store.prepare("166897.70", style: style, width: 120)
        let settings = TextLayout.settings(style: style, width: 120)
        let kept = try #require(store.layout(for: "166897.70", font: style.font, settings: settings))
        #expect(kept.logicalRect == Self.rect("166897.70", style, width: 120, context: context))
        #expect(kept.logicalRect.x > 0)   // aligned right inside the width, by Pango
        // Another width or alignment is another layout.
        #expect(store.layout(for: "166897.70", font: style.font, settings: TextLayout.settings(style: style, width: 121)) == nil)
    }

    @Test func capacityBoundsBothKinds() throws {
        let context = try TextContext(mode: .pinned)
        let store = ShapedLayouts(context: context, capacity: 3)
        var style = ResolvedStyle()
        style.align = .center
        for k in 0..<5 { store.prepare("cell \(k)", style: style, width: 80) }
        #expect(store.isFull)
        #expect(store.measure("more", style: ResolvedStyle()) == nil)
        let settings = TextLayout.settings(style: style, width: 80)
        #expect(store.layout(for: "cell 2", font: style.font, settings: settings) != nil)
        #expect(store.layout(for: "cell 3", font: style.font, settings: settings) == nil)
    }
}

extension ShapedLayoutsTests {
    /// Right- or centre-aligned text in a width is laid out by Pango in that width when painted,
    /// so its natural layout is not kept (measuring it in a layout of its own only cost time).
    @Test func naturalLayoutsAreKeptOnlyWhereThePainterShowsThem() throws {
        let context = try TextContext(mode: .pinned)
        let store = ShapedLayouts(context: context)
        var right = ResolvedStyle()
        right.align = .right
        right.ellipsize = .end
        #expect(store.measure("42", style: right) == nil)
        right.ellipsize = .none   // no width for Pango: the painter aligns the natural layout
        #expect(store.measure("42", style: right) != nil)
        #expect(store.measure("left", style: ResolvedStyle()) != nil)
    }
}
