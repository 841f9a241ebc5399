import CPangoCairo
import GridDocument
import GridLayout

extension TextLayout {
    /// The box of everything `flatten` gives (user space from the layout's origin): the union
    /// of the ink box (glyphs, lines) and the logical one (backgrounds cover the lines' height).
    var paintedRect: Rect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(laidOut, &ink, &logical)
        let x0 = min(ink.x, logical.x), y0 = min(ink.y, logical.y)
        let x1 = max(ink.x + ink.width, logical.x + logical.width), y1 = max(ink.y + ink.height, logical.y + logical.height)
        let s = Double(PANGO_SCALE)
        return Rect(x: Double(x0) / s, y: Double(y0) / s, width: Double(x1 - x0) / s, height: Double(y1 - y0) / s)
    }

    /// The current text as `show` draws it from its origin in `color`, flattened to plain values
    /// (`FlatText`); nil for what no player replays: shaped (`PANGO_ATTR_SHAPE`) or vertical
    /// runs, error underlines (the project's markup makes neither), and glyphs of a colour
    /// bitmap font left for Pango to show (Cairo draws them as scaled pictures). `flattened`
    /// says which.
    func flatten(color: Color, fonts: inout [OpaquePointer: ScaledFont]) -> FlatText? {
        try? flattened(color: color, fonts: &fonts).get()
    }

    /// `flatten`, with the reason when the text cannot be flattened (a player's refusal names it).
    ///
    /// The walk is `pango_renderer_draw_layout_line`'s (Pango 1.50) over `walkRuns`: per run, the
    /// markup background over the line's logical height, then the glyphs (unknown ones as hex
    /// boxes, empty ones advancing only), then underline, overline and strike line, which Pango
    /// joins across runs of the same kind and draws when the kind ends or the line does.
    /// Colours are Pango's Cairo renderer's `set_color`: a markup colour at full alpha, else the
    /// text's colour; a markup alpha replaces the alpha. `fonts` shares one `ScaledFont` per font.
    func flattened(color: Color, fonts: inout [OpaquePointer: ScaledFont]) -> Result<FlatText, FlatText.Refusal> {
        var flat = FlatText()
        var renderer = RunStyle()
        guard let iter = pango_layout_get_iter(laidOut) else { return .failure(.unreadable) }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { return .failure(.unreadable) }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            if let refusal = flattenLine(line, x: logical.x, y: pango_layout_iter_get_baseline(iter), color: color, renderer: &renderer,
                                         into: &flat, fonts: &fonts) { return .failure(refusal) }
        } while pango_layout_iter_next_line(iter) != 0
        return .success(flat)
    }

    /// Pango's render parts, in the order `pango_renderer_default_prepare_run` sets them.
    private enum RenderPart: Int, CaseIterable {
        case foreground, background, underline, strikethrough, overline
    }

    /// The decorations of one run (`pango_renderer_default_prepare_run`): kinds of lines, and
    /// per render part the markup colour and alpha (nil, 0: not set).
    private struct RunStyle {
        var underline = PANGO_UNDERLINE_NONE
        var overline = PANGO_OVERLINE_NONE
        var strikethrough = false
        var colors: [PangoColor?] = Array(repeating: nil, count: 5)
        var alphas: [UInt16] = Array(repeating: 0, count: 5)
        var shaped = false

        init() {}

        init(_ run: PangoGlyphItem) {
            var fg: PangoColor?, bg: PangoColor?, ul: PangoColor?, ol: PangoColor?, st: PangoColor?
            var fgAlpha: UInt16 = 0, bgAlpha: UInt16 = 0
            var node = run.item?.pointee.analysis.extra_attrs
            while let link = node {
                node = link.pointee.next
                guard let attr = link.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) else { continue }
                let type = attr.pointee.klass.pointee.type
                let int = { Int(pango_attribute_as_int(attr)?.pointee.value ?? 0) }
                let colour = { pango_attribute_as_color(attr)?.pointee.color }
                switch type {
                case PANGO_ATTR_UNDERLINE: underline = PangoUnderline(UInt32(int()))
                case PANGO_ATTR_OVERLINE: overline = PangoOverline(UInt32(int()))
                case PANGO_ATTR_STRIKETHROUGH: strikethrough = int() != 0
                case PANGO_ATTR_FOREGROUND: fg = colour()
                case PANGO_ATTR_BACKGROUND: bg = colour()
                case PANGO_ATTR_UNDERLINE_COLOR: ul = colour()
                case PANGO_ATTR_OVERLINE_COLOR: ol = colour()
                case PANGO_ATTR_STRIKETHROUGH_COLOR: st = colour()
                case PANGO_ATTR_FOREGROUND_ALPHA: fgAlpha = UInt16(truncatingIfNeeded: int())
                case PANGO_ATTR_BACKGROUND_ALPHA: bgAlpha = UInt16(truncatingIfNeeded: int())
                case PANGO_ATTR_SHAPE: shaped = true
                default: break
                }
            }
            colors = [fg, bg, ul ?? fg, st ?? fg, ol ?? fg]
            alphas = [fgAlpha, bgAlpha, fgAlpha, fgAlpha, fgAlpha]
        }

        /// Pango's Cairo renderer's `set_color` for `part`: the markup colour at alpha 1 (else
        /// the source, here `base`), its alpha replaced by a set alpha.
        func color(_ part: RenderPart, base: Color) -> Color {
            var out = colors[part.rawValue].map {
                Color(red: Double($0.red) / 65535, green: Double($0.green) / 65535, blue: Double($0.blue) / 65535)
            } ?? base
            if alphas[part.rawValue] != 0 { out.alpha = Double(alphas[part.rawValue]) / 65535 }
            return out
        }

        /// Whether `pango_renderer_set_color` or `set_alpha` going from `self` to `next` calls
        /// `pango_renderer_part_changed` for `part` (a colour compares by its channels only).
        func changes(_ part: RenderPart, to next: RunStyle) -> Bool {
            let a = colors[part.rawValue], b = next.colors[part.rawValue]
            let colour: Bool
            switch (a, b) {
            case (nil, nil): colour = false
            case let (x?, y?): colour = x.red != y.red || x.green != y.green || x.blue != y.blue
            default: colour = true
            }
            return colour || alphas[part.rawValue] != next.alphas[part.rawValue]
        }
    }

    /// Underline, overline and strike line being joined across runs (Pango's `LineState`).
    private struct LineState {
        var underline = PANGO_UNDERLINE_NONE, underlineRect = PangoRectangle()
        var overline = PANGO_OVERLINE_NONE, overlineRect = PangoRectangle()
        var strikethrough = false, strikethroughRect = PangoRectangle(), strikethroughGlyphs: Int32 = 0
        /// Where the last run prepared ends (`logical_rect_end`).
        var logicalRectEnd: Int32 = 0
    }

    /// `pango_renderer_draw_layout_line` for the line at `x` with its baseline at `y` (Pango
    /// units from the origin); why not when a run cannot be replayed. `renderer` is the renderer's
    /// decorations and colours, kept from line to line as Pango's renderer keeps them.
    private func flattenLine(_ line: UnsafeMutablePointer<PangoLayoutLine>, x: Int32, y: Int32, color: Color, renderer: inout RunStyle,
                             into flat: inout FlatText, fonts: inout [OpaquePointer: ScaledFont]) -> FlatText.Refusal? {
        var state = LineState()
        var xOff: Int32 = 0
        var overall: PangoRectangle?
        var node = line.pointee.runs
        while let link = node {
            node = link.pointee.next
            guard let data = link.pointee.data else { return .unreadable }
            let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            guard let item = run.item, let glyphs = run.glyphs, let font = item.pointee.analysis.font else { return .unreadable }
            guard item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) == 0 else { return .verticalRun }
            let style = RunStyle(run)
            guard !style.shaped else { return .shapedRun }
            guard style.underline != PANGO_UNDERLINE_ERROR, style.underline != PANGO_UNDERLINE_ERROR_LINE else { return .errorUnderline }
            prepare(style, renderer: &renderer, state: &state, base: color, into: &flat)
            let decorated = style.underline != PANGO_UNDERLINE_NONE || style.overline != PANGO_OVERLINE_NONE || style.strikethrough
            var ink = PangoRectangle(), logical = PangoRectangle()
            let width: Int32
            if decorated {
                pango_glyph_string_extents(glyphs, font, &ink, &logical)
                width = logical.width
            } else {
                width = pango_glyph_string_get_width(glyphs)
            }
            state.logicalRectEnd = x + xOff + width
            xOff += run.start_x_offset
            let yOff = run.y_offset
            if style.colors[RenderPart.background.rawValue] != nil {
                if overall == nil {
                    var rect = PangoRectangle()
                    pango_layout_line_get_extents(line, nil, &rect)
                    overall = rect
                }
                flat.items.append(.fill(.init(part: .background, x: x + xOff, y: y + overall!.y, width: width,
                                              height: overall!.height, color: style.color(.background, base: color))))
            }
            if let refusal = appendGlyphs(glyphs, font: font, x: x + xOff, y: y - yOff, color: style.color(.foreground, base: color),
                                          into: &flat, fonts: &fonts) { return refusal }
            if decorated, let metrics = pango_font_get_metrics(font, item.pointee.analysis.language) {
                let baseX = x + xOff, baseY = y - yOff
                if style.underline != PANGO_UNDERLINE_NONE {
                    addUnderline(&state, style, metrics, baseX, baseY, ink, logical, base: color, into: &flat)
                }
                if style.overline != PANGO_OVERLINE_NONE {
                    addOverline(&state, style, metrics, baseX, baseY, ink, base: color, into: &flat)
                }
                if style.strikethrough {
                    let thickness = pango_font_metrics_get_strikethrough_thickness(metrics)
                    let position = pango_font_metrics_get_strikethrough_position(metrics)
                    let n = glyphs.pointee.num_glyphs
                    let new = PangoRectangle(x: baseX + ink.x, y: (baseY - position) * n, width: ink.width, height: thickness * n)
                    if state.strikethrough {
                        state.strikethroughRect.width = new.x + new.width - state.strikethroughRect.x
                        state.strikethroughRect.y += new.y
                        state.strikethroughRect.height += new.height
                        state.strikethroughGlyphs += n
                    } else {
                        state.strikethroughRect = new
                        state.strikethrough = true
                        state.strikethroughGlyphs = n
                    }
                }
                pango_font_metrics_unref(metrics)
            }
            if style.underline == PANGO_UNDERLINE_NONE, state.underline != PANGO_UNDERLINE_NONE {
                drawUnderline(&state, style.color(.underline, base: color), into: &flat)
            }
            if style.overline == PANGO_OVERLINE_NONE, state.overline != PANGO_OVERLINE_NONE {
                drawOverline(&state, style.color(.overline, base: color), into: &flat)
            }
            if !style.strikethrough, state.strikethrough { drawStrikethrough(&state, style.color(.strikethrough, base: color), into: &flat) }
            xOff += width + run.end_x_offset
        }
        drawUnderline(&state, renderer.color(.underline, base: color), into: &flat)
        drawOverline(&state, renderer.color(.overline, base: color), into: &flat)
        drawStrikethrough(&state, renderer.color(.strikethrough, base: color), into: &flat)
        return nil
    }

    /// `pango_renderer_default_prepare_run` going from `renderer` to `next`: the kinds of lines
    /// change first, then each part's colour, then its alpha; a change of a line's part ends the
    /// line drawn so far (to the end of the previous run) in the part's colour before the change
    /// (`handle_line_state_change`).
    private func prepare(_ next: RunStyle, renderer: inout RunStyle, state: inout LineState, base: Color, into flat: inout FlatText) {
        renderer.underline = next.underline
        renderer.overline = next.overline
        renderer.strikethrough = next.strikethrough
        for alpha in [false, true] {
            for part in RenderPart.allCases {
                var changed = renderer
                if alpha { changed.alphas[part.rawValue] = next.alphas[part.rawValue] } else { changed.colors[part.rawValue] = next.colors[part.rawValue] }
                guard renderer.changes(part, to: changed) else { continue }
                let old = renderer.color(part, base: base)
                switch part {
                case .underline where state.underline != PANGO_UNDERLINE_NONE:
                    state.underlineRect.width = state.logicalRectEnd - state.underlineRect.x
                    drawUnderline(&state, old, into: &flat)
                    state.underline = renderer.underline
                    state.underlineRect.x = state.logicalRectEnd
                    state.underlineRect.width = 0
                case .overline where state.overline != PANGO_OVERLINE_NONE:
                    state.overlineRect.width = state.logicalRectEnd - state.overlineRect.x
                    drawOverline(&state, old, into: &flat)
                    state.overline = renderer.overline
                    state.overlineRect.x = state.logicalRectEnd
                    state.overlineRect.width = 0
                case .strikethrough where state.strikethrough:
                    state.strikethroughRect.width = state.logicalRectEnd - state.strikethroughRect.x
                    drawStrikethrough(&state, old, into: &flat)
                    state.strikethrough = renderer.strikethrough
                default: break
                }
                renderer = changed
            }
        }
    }

    /// A run's glyphs from (`x`, `y`) as `pango_cairo_renderer_show_text_glyphs` places them:
    /// empty glyphs advance only, unknown ones (except a space's) become hex boxes, the rest one
    /// `.glyphs` item; why not when they cannot be replayed.
    private func appendGlyphs(_ string: UnsafeMutablePointer<PangoGlyphString>, font: UnsafeMutablePointer<PangoFont>,
                              x: Int32, y: Int32, color: Color, into flat: inout FlatText,
                              fonts: inout [OpaquePointer: ScaledFont]) -> FlatText.Refusal? {
        guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return .unreadable }
        // A colour bitmap font's glyphs are pictures Cairo scales (the painter hides them and
        // records the strike's own image: `GridPainter.colorGlyphImages`); shown ones are refused.
        let shown = (0..<Int(string.pointee.num_glyphs)).contains { string.pointee.glyphs[$0].glyph != TextLayout.emptyGlyph }
        if shown, ColorFont(font) != nil { return .colorGlyph }
        let shared = fonts[scaled] ?? ScaledFont(retaining: scaled)
        fonts[scaled] = shared
        let start = flat.glyphs.count
        var boxes: [FlatText.HexBox] = []
        var position: Int32 = 0
        for i in 0..<Int(string.pointee.num_glyphs) {
            let info = string.pointee.glyphs[i]
            defer { position += info.geometry.width }
            if info.glyph == TextLayout.emptyGlyph { continue }
            if info.glyph & TextLayout.unknownGlyphFlag != 0 {
                guard info.glyph != (0x20 | TextLayout.unknownGlyphFlag) else { continue }
                let s = GlyphsNode.unitsPerPoint
                guard let box = HexBoxGeometry.box(for: info, font: font, runX: Double(x) / s, runY: Double(y) / s,
                                                   dx: Double(position + info.geometry.x_offset) / s, dy: Double(info.geometry.y_offset) / s,
                                                   color: color, fonts: &fonts) else { return .unknownGlyphDrawing }
                boxes.append(box)
                continue
            }
            flat.glyphs.append(GlyphsNode.Glyph(id: info.glyph, xUnits: position + info.geometry.x_offset, yUnits: info.geometry.y_offset))
        }
        // Pango's renderer draws the hex boxes as it meets them and the glyphs after, in one call.
        for box in boxes { flat.items.append(.hexBox(box)) }
        if flat.glyphs.count > start {
            let run = GlyphsNode.Run(font: shared, x: Double(x) / GlyphsNode.unitsPerPoint, baseline: Double(y) / GlyphsNode.unitsPerPoint,
                                     range: start..<flat.glyphs.count)
            flat.items.append(.glyphs(run, color: color))
        }
        return nil
    }

    private func addUnderline(_ state: inout LineState, _ style: RunStyle, _ metrics: UnsafeMutablePointer<PangoFontMetrics>, _ baseX: Int32, _ baseY: Int32,
                              _ ink: PangoRectangle, _ logical: PangoRectangle, base: Color, into flat: inout FlatText) {
        let thickness = pango_font_metrics_get_underline_thickness(metrics)
        let position = pango_font_metrics_get_underline_position(metrics)
        var new = PangoRectangle(x: baseX + min(ink.x, logical.x), y: baseY, width: max(ink.width, logical.width), height: thickness)
        switch style.underline {
        case PANGO_UNDERLINE_SINGLE, PANGO_UNDERLINE_DOUBLE:
            new.y -= position
        case PANGO_UNDERLINE_LOW:
            new.y += ink.y + ink.height + thickness
        case PANGO_UNDERLINE_SINGLE_LINE, PANGO_UNDERLINE_DOUBLE_LINE:
            new.y -= position
            if state.underline == style.underline {
                new.y = max(state.underlineRect.y, new.y)
                new.height = max(state.underlineRect.height, new.height)
                state.underlineRect.y = new.y
                state.underlineRect.height = new.height
            }
        default: break
        }
        if style.underline == state.underline, new.y == state.underlineRect.y, new.height == state.underlineRect.height {
            state.underlineRect.width = new.x + new.width - state.underlineRect.x
        } else {
            drawUnderline(&state, style.color(.underline, base: base), into: &flat)
            state.underlineRect = new
            state.underline = style.underline
        }
    }

    private func addOverline(_ state: inout LineState, _ style: RunStyle, _ metrics: UnsafeMutablePointer<PangoFontMetrics>, _ baseX: Int32, _ baseY: Int32,
                             _ ink: PangoRectangle, base: Color, into flat: inout FlatText) {
        var new = PangoRectangle(x: baseX + ink.x, y: baseY, width: ink.width, height: pango_font_metrics_get_underline_thickness(metrics))
        if style.overline == PANGO_OVERLINE_SINGLE {
            new.y -= pango_font_metrics_get_ascent(metrics)
            if state.overline == style.overline {
                new.y = min(state.overlineRect.y, new.y)
                new.height = max(state.overlineRect.height, new.height)
                state.overlineRect.y = new.y
                state.overlineRect.height = new.height
            }
        }
        if style.overline == state.overline, new.y == state.overlineRect.y, new.height == state.overlineRect.height {
            state.overlineRect.width = new.x + new.width - state.overlineRect.x
        } else {
            drawOverline(&state, style.color(.overline, base: base), into: &flat)
            state.overlineRect = new
            state.overline = style.overline
        }
    }

    // Pango's renderer fills a joined line when its kind ends, in the colour of the run it is
    // preparing then (`color`): the run that ends it, or the line's last run.

    private func drawUnderline(_ state: inout LineState, _ color: Color, into flat: inout FlatText) {
        let r = state.underlineRect, kind = state.underline
        state.underline = PANGO_UNDERLINE_NONE
        switch kind {
        case PANGO_UNDERLINE_DOUBLE, PANGO_UNDERLINE_DOUBLE_LINE:
            flat.items.append(.fill(.init(part: .underline, x: r.x, y: r.y + 2 * r.height, width: r.width, height: r.height, color: color)))
            flat.items.append(.fill(.init(part: .underline, x: r.x, y: r.y, width: r.width, height: r.height, color: color)))
        case PANGO_UNDERLINE_SINGLE, PANGO_UNDERLINE_LOW, PANGO_UNDERLINE_SINGLE_LINE:
            flat.items.append(.fill(.init(part: .underline, x: r.x, y: r.y, width: r.width, height: r.height, color: color)))
        default: break
        }
    }

    private func drawOverline(_ state: inout LineState, _ color: Color, into flat: inout FlatText) {
        let r = state.overlineRect, kind = state.overline
        state.overline = PANGO_OVERLINE_NONE
        if kind == PANGO_OVERLINE_SINGLE {
            flat.items.append(.fill(.init(part: .overline, x: r.x, y: r.y, width: r.width, height: r.height, color: color)))
        }
    }

    private func drawStrikethrough(_ state: inout LineState, _ color: Color, into flat: inout FlatText) {
        let r = state.strikethroughRect, n = state.strikethroughGlyphs
        if state.strikethrough, n > 0 {
            flat.items.append(.fill(.init(part: .strikethrough, x: r.x, y: r.y / n, width: r.width, height: r.height / n,
                                          color: color)))
        }
        state.strikethrough = false
        state.strikethroughGlyphs = 0
        state.strikethroughRect.x += state.strikethroughRect.width
        state.strikethroughRect.width = 0
        state.strikethroughRect.y = 0
        state.strikethroughRect.height = 0
    }
}
