import CCairo
import CPangoCairo
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// `TextLayout.flatten` turns a laid-out text into what Pango's Cairo renderer draws, as values:
/// exact values for markup bold, colours, underline (links), strike lines, backgrounds and an
/// unknown glyph's hex box, and, for generated texts of every kind of span, the flattened items
/// painted through Cairo (`paint`) give the pixels `pango_cairo_show_layout` gives.
@Suite struct TextLayoutFlattenTests {
    static let black = Color(red: 0, green: 0, blue: 0)

    static func layout(_ source: String, width: Double? = nil, context: TextContext) -> TextLayout {
        var style = ResolvedStyle()
        style.markup = .markdown
        style.wrap = width != nil
        let layout = TextLayout(context: context)
        layout.prepare(source, style: style, width: width)
        return layout
    }

    static func flat(_ layout: TextLayout, color: Color = black) throws -> FlatText {
        var fonts: [OpaquePointer: ScaledFont] = [:]
        return try #require(layout.flatten(color: color, fonts: &fonts))
    }

    static func fills(_ flat: FlatText, _ part: FlatText.Part) -> [FlatText.Fill] {
        flat.items.compactMap { if case .fill(let f) = $0, f.part == part { f } else { nil } }
    }

    static func runs(_ flat: FlatText) -> [(run: GlyphsNode.Run, color: Color)] {
        flat.items.compactMap { if case .glyphs(let r, let c) = $0 { (r, c) } else { nil } }
    }

    /// The first run's font metrics (underline and strike line positions), Pango units.
    static func metrics(_ layout: TextLayout) throws -> (underline: Int32, underlineThickness: Int32, strike: Int32, strikeThickness: Int32) {
        let line = try #require(pango_layout_get_line_readonly(layout.laidOut, 0))
        let run = try #require(line.pointee.runs?.pointee.data).assumingMemoryBound(to: PangoGlyphItem.self).pointee
        let metrics = try #require(pango_font_get_metrics(run.item.pointee.analysis.font, run.item.pointee.analysis.language))
        defer { pango_font_metrics_unref(metrics) }
        return (pango_font_metrics_get_underline_position(metrics), pango_font_metrics_get_underline_thickness(metrics),
                pango_font_metrics_get_strikethrough_position(metrics), pango_font_metrics_get_strikethrough_thickness(metrics))
    }

    @Test func plainTextIsOneRunInTheTextsColour() throws {
        let context = try TextContext(mode: .pinned)
        let layout = Self.layout("plain text", context: context)
        let red = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let flat = try Self.flat(layout, color: red)
        #expect(flat.items.count == 1)
        let runs = Self.runs(flat)
        #expect(runs.count == 1 && runs[0].color == red && runs[0].run.x == 0)
        #expect(runs[0].run.baseline == Double(pango_layout_get_baseline(layout.laidOut)) / 1024)
        #expect(flat.glyphs.count == 10 && flat.glyphs[0].xUnits == 0)
        // Advances add up to the layout's width.
        #expect(Double(flat.glyphs.last!.xUnits) / 1024 < layout.logicalRect.width)
    }

    @Test func boldIsARunOfItsOwnFont() throws {
        let context = try TextContext(mode: .pinned)
        let flat = try Self.flat(Self.layout("a **bold** b", context: context))
        let runs = Self.runs(flat)
        #expect(runs.count == 3)
        #expect(runs[0].run.font != runs[1].run.font && runs[0].run.font == runs[2].run.font)
        #expect(runs.allSatisfy { $0.color == Self.black })
        #expect(runs[1].run.x > runs[0].run.x && runs[2].run.x > runs[1].run.x)
        #expect(Self.fills(flat, .underline).isEmpty && Self.fills(flat, .strikethrough).isEmpty)
    }

    @Test func linkIsUnderlinedInTheLinkColour() throws {
        let context = try TextContext(mode: .pinned)
        let layout = Self.layout("see [here](https://a.example) now", context: context)
        let flat = try Self.flat(layout)
        let link = ResolvedStyle().linkColor
        let runs = Self.runs(flat)
        #expect(runs.map(\.color) == [Self.black, link, Self.black], "\(runs.map(\.color))")
        let lines = Self.fills(flat, .underline)
        try #require(lines.count == 1)
        let m = try Self.metrics(layout)
        let baseline = pango_layout_get_baseline(layout.laidOut)
        #expect(lines[0].y == baseline - m.underline && lines[0].height == m.underlineThickness)
        #expect(lines[0].color == link)
        // From the link run's start over its glyphs' logical width.
        #expect(abs(Double(lines[0].x) / 1024 - runs[1].run.x) < 0.01)
        #expect(Double(lines[0].x + lines[0].width) / 1024 <= runs[2].run.x + 0.01)
        // Drawn after the link's glyphs and before the next run's.
        let order = flat.items.map { item -> String in
            switch item { case .glyphs: "g"; case .fill(let f): "\(f.part)"; case .hexBox: "box" }
        }
        #expect(order == ["g", "g", "g", "underline"] || order == ["g", "g", "underline", "g"])
    }

    @Test func strikeLineUsesTheStrikeMetrics() throws {
        let context = try TextContext(mode: .pinned)
        let layout = Self.layout("~~gone~~", context: context)
        let flat = try Self.flat(layout)
        let lines = Self.fills(flat, .strikethrough)
        try #require(lines.count == 1)
        let m = try Self.metrics(layout)
        let baseline = pango_layout_get_baseline(layout.laidOut)
        #expect(lines[0].y == baseline - m.strike && lines[0].height == m.strikeThickness)
        #expect(lines[0].color == Self.black)
    }

    @Test func codeHasABackgroundOverTheLinesHeight() throws {
        let context = try TextContext(mode: .pinned)
        let layout = Self.layout("a `code` b", context: context)
        let flat = try Self.flat(layout)
        let backgrounds = Self.fills(flat, .background)
        try #require(backgrounds.count == 1)
        var logical = PangoRectangle()
        pango_layout_line_get_extents(pango_layout_get_line_readonly(layout.laidOut, 0), nil, &logical)
        #expect(backgrounds[0].y == pango_layout_get_baseline(layout.laidOut) + logical.y)
        #expect(backgrounds[0].height == logical.height)
        #expect(backgrounds[0].color.alpha > 0)
        // The background comes before the glyphs it is under.
        let index = flat.items.firstIndex { if case .fill = $0 { true } else { false } }!
        if case .glyphs = flat.items[index + 1] {} else { Issue.record("no glyphs after the background") }
    }

    @Test func unknownGlyphIsAHexBoxWithItsDigits() throws {
        let context = try TextContext(mode: .pinned)
        let layout = Self.layout("a\u{E000}b", context: context)
        #expect(pango_layout_get_unknown_glyphs_count(layout.laidOut) == 1)
        let flat = try Self.flat(layout)
        let boxes = flat.items.compactMap { if case .hexBox(let b) = $0 { b } else { nil } }
        try #require(boxes.count == 1)
        let box = boxes[0]
        #expect(!box.invalid && box.lineWidth > 0 && box.rows * box.cols == 4)
        let font = try #require(box.digitFont)
        #expect(box.digitGlyphs == "E000".utf8.map { HexBoxGeometry.glyph(of: $0, in: font.pointer)! })
        // Two rows of two digits inside the frame, which is inside the glyph's advance.
        let c = box.glyphPosition(originX: 0, originY: 0)
        let frame = box.frame(cx: c.x, cy: c.y), digits = box.digits(cx: c.x, cy: c.y)
        #expect(Set(digits.map(\.y)).count == 2 && Set(digits.map(\.x)).count == 2)
        #expect(digits.allSatisfy { $0.x > frame.x && $0.x < frame.x + frame.width && $0.y > frame.y && $0.y < frame.y + frame.height })
        #expect(frame.width > 0 && frame.height > 0 && frame.x >= c.x)
        #expect(Self.runs(flat).count >= 1)
    }

    /// Generated texts with every kind of span, plain and wrapped, unknown glyphs included:
    /// the flattened items painted through Cairo are `show`'s pixels.
    @Test(arguments: 0..<6)
    func flattenedPaintsShowsPixels(seed: Int) throws {
        let context = try TextContext(mode: .pinned)
        var rng = SeededLCG(seed: UInt64(4_711 + seed))
        let pieces = ["`code`", "[link](https://a.example)", "~~gone~~", "*it*", "**bold**", "plain words", "\u{E000}x",
                      "[`code link`](https://b.example)", "~~*struck it*~~", "字字字", "مرحبا بالعالم", "**~~[all](https://c.example)~~**"]
        for trial in 0..<6 {
            let source = (0..<Int(rng.next() % 12 + 1)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined(separator: " ")
            let width: Double? = trial % 2 == 0 ? nil : 60 + rng.unit() * 200
            let layout = Self.layout(source, width: width, context: context)
            let color = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: trial % 3 == 0 ? 0.6 : 1)
            let flat = try Self.flat(layout, color: color)
            let rect = layout.logicalRect
            let w = Int(rect.width) + 12, h = Int(rect.height) + 10
            let origin = (x: 3.25, y: 2.5 + Double(trial) / 8)
            let shown = try Self.pixels(width: w, height: h) { cr in
                cr.setSource(color)
                layout.show(in: cr, x: origin.x, y: origin.y)
            }
            let painted = try Self.pixels(width: w, height: h) { cr in Self.paint(flat, in: cr, x: origin.x, y: origin.y) }
            let differing = zip(painted, shown).filter { $0 != $1 }.count
            #expect(differing == 0, "seed \(seed), trial \(trial): \(differing) bytes differ: \(source.debugDescription)")
        }
    }

    static func pixels(width: Int, height: Int, _ draw: (CairoContext) -> Void) throws -> [UInt8] {
        let cr = try CairoContext(CairoSurface.image(width: width, height: height))
        cr.paintReplacing(Color(red: 1, green: 1, blue: 1))
        draw(cr)
        #expect(cairo_status(cr.pointer) == CAIRO_STATUS_SUCCESS)
        cr.surface.flush()
        let data = cairo_image_surface_get_data(cr.surface.pointer)!
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * height))
    }

    /// Draws `flat` through Cairo as Pango's Cairo renderer draws the layout from (`x`, `y`).
    static func paint(_ flat: FlatText, in cr: CairoContext, x: Double, y: Double) {
        let p = cr.pointer
        let origin = cr.currentPoint(afterMovingTo: x, y)
        cairo_new_path(p)
        for item in flat.items {
            cairo_save(p)
            switch item {
            case .glyphs(let run, let color):
                cr.setSource(color)
                cairo_set_scaled_font(p, run.font.pointer)
                let baseX = origin.x + run.x, baseY = origin.y + run.baseline
                var glyphs = flat.glyphs(of: run).map {
                    cairo_glyph_t(index: UInt($0.id), x: baseX + $0.x, y: $0.yUnits == 0 ? baseY : baseY + $0.y)
                }
                cairo_show_glyphs(p, &glyphs, Int32(glyphs.count))
            case .fill(let f):
                cr.setSource(f.color)
                let r = f.rect
                cairo_rectangle(p, origin.x + r.x, origin.y + r.y, r.width, r.height)
                cairo_fill(p)
            case .hexBox(let box):
                cr.setSource(box.color)
                let c = box.glyphPosition(originX: origin.x, originY: origin.y)
                let f = box.frame(cx: c.x, cy: c.y)
                cairo_rectangle(p, f.x, f.y, f.width, f.height)
                cairo_set_line_width(p, box.lineWidth)
                cairo_set_line_join(p, CAIRO_LINE_JOIN_MITER)
                cairo_set_miter_limit(p, 2)
                cairo_stroke(p)
                if let font = box.digitFont {
                    cairo_set_scaled_font(p, font.pointer)
                    // Pango shows the digits with cairo_show_text, which does not go through
                    // cairo_show_glyphs (the symbol the glyph compositor takes over): so here.
                    for digit in box.digits(cx: c.x, cy: c.y) {
                        let character = "0123456789ABCDEF".utf8.first { HexBoxGeometry.glyph(of: $0, in: font.pointer) == digit.id }!
                        cairo_move_to(p, digit.x, digit.y)
                        cairo_show_text(p, String(UnicodeScalar(character)))
                    }
                }
            }
            cairo_restore(p)
        }
    }
}
