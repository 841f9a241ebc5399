import CPangoCairo
import GridDocument
import GridLayout

/// Owns one `PangoLayout`, reused for every cell of a task. `prepare` is the single place that
/// turns a resolved style into Pango settings, used both for measuring and for drawing, so a
/// column sized by the measurer fits exactly what the painter draws. Setters skip unchanged values
/// (a table mostly repeats one style), so re-preparing costs little more than setting the text.
final class TextLayout {
    let pointer: OpaquePointer
    private let context: TextContext
    private var font: FontDescription?
    private var width: Int32 = -1
    private var height: Int32 = -1
    private var ellipsize = PANGO_ELLIPSIZE_NONE
    private var alignment = PANGO_ALIGN_LEFT
    /// Lines to keep when `maxLines` is set but Pango cannot enforce it (no ellipsis): 0 = all.
    private(set) var lineLimit = 0
    /// The attributes of the current text (nil: plain), kept alive while the layout uses them.
    private var attributes: TextAttributes?
    /// Linked ranges of the current text (UTF-8 bytes of what is shown) and their URLs.
    private(set) var links: [(range: Range<Int>, url: String)] = []
    /// Links of the current text that the render's `LinkGate` refused (shown as plain text).
    private(set) var droppedLinks: [(url: String, reason: String)] = []
    /// Font changes and line breaks of the current text (over `context.limits`: some left
    /// out, some shown as spaces).
    private(set) var fontChanges = 0, lineBreaks = 0
    /// Where each line of the current text is, once a culled `show` asked (nil after `prepare`).
    private var lineBoxes: [LineBox]?
    /// The layout's serial when its runs were last given the current text's decorations
    /// (`decorateRuns`); Pango changes the serial whenever it will lay the text out again.
    private var decoratedSerial: UInt32?
    /// The current text's colour glyphs once asked for (`TextLayout+ColorGlyphs`).
    var colorGlyphScan: ColorGlyphScan?

    /// The layout, laid out, its runs carrying the current text's decorations: every query of
    /// lines, runs or extents goes through here, setters through `pointer`.
    var laidOut: OpaquePointer {
        if let attributes, attributes.hasDecorations {
            let serial = pango_layout_get_serial(pointer)
            if serial != decoratedSerial {
                TextLayout.decorateRuns(of: pointer, with: attributes.decorations)
                decoratedSerial = pango_layout_get_serial(pointer)
            }
        }
        return pointer
    }

    init(context: TextContext) {
        self.context = context
        pointer = pango_layout_new(context.pointer)
        // Direction comes from the text itself, so Arabic or Hebrew cells read right to left.
        pango_layout_set_auto_dir(pointer, 1)
        pango_layout_set_wrap(pointer, PANGO_WRAP_WORD_CHAR)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Sets text and style. `width` is the room for the text (cell width minus padding), or nil for
    /// the natural unwrapped size. Wrapping and ellipsizing need a width; without one the text is
    /// one line per paragraph. `align` is applied by Pango when a width is set; `.decimal` is
    /// positioned by the painter and lays out left-aligned. `link`: the cell's URL, if any.
    /// Inline markup (`style.markup`), links and the pinned stack's font choices become Pango
    /// attributes (`StyledText`), never Pango markup.
    /// `joinsParagraphs`: false lays many paragraphs out as paragraphs (`LineSeparatedText`; tests).
    func prepare(_ text: String, style: ResolvedStyle, width: Double?, link: String? = nil, joinsParagraphs: Bool = true) {
        let font = context.font(style.font)
        if self.font !== font {
            pango_layout_set_font_description(pointer, font.pointer)
            self.font = font
        }
        let settings = TextLayout.settings(style: style, width: width)
        if settings.width != self.width { pango_layout_set_width(pointer, settings.width); self.width = settings.width }
        if settings.ellipsize != ellipsize { pango_layout_set_ellipsize(pointer, settings.ellipsize); ellipsize = settings.ellipsize }
        if settings.height != height { pango_layout_set_height(pointer, settings.height); height = settings.height }
        lineLimit = settings.lineLimit
        if settings.alignment != alignment { pango_layout_set_alignment(pointer, settings.alignment); alignment = settings.alignment }
        lineBoxes = nil
        cachedLinkAreas = nil
        summedWidth = nil
        let styled = StyledText(text, style: style, link: link, mode: context.fontMap.mode, gate: context.links,
                                limits: context.limits, joinsParagraphs: joinsParagraphs)
        pango_layout_set_text(pointer, styled.text, -1)
        if styled.attributes != nil || attributes != nil {
            // Cleared first: Pango 1.50 compares a new list with the old one attribute by
            // attribute, each searched from the top (quadratic when both hold many spans).
            if attributes != nil && styled.attributes != nil { pango_layout_set_attributes(pointer, nil) }
            pango_layout_set_attributes(pointer, styled.attributes?.pointer)
            attributes = styled.attributes
        }
        links = styled.links
        droppedLinks = styled.dropped
        fontChanges = styled.fontChanges
        lineBreaks = styled.lineBreaks
        mayOverflow = TextLayout.mayOverflow(bytes: styled.text.utf8.count, size: style.font.size ?? 12)
    }

    /// Whether the current text could be wider than Pango's extents hold (`summedLineWidth`).
    private var mayOverflow = false
    /// `summedLineWidth()` of the current text and settings, once measured.
    private var summedWidth: Double?

    /// The characters of the current text that no font has (drawn as hex boxes), or [] —
    /// cheap when there are none (Pango counts them as it lays out).
    func missingCharacters() -> [UInt32] {
        guard pango_layout_get_unknown_glyphs_count(laidOut) > 0, let iter = pango_layout_get_iter(laidOut) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var found: [UInt32] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let glyphs = run.pointee.glyphs else { continue }
            for i in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[i].glyph
                if glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 && glyph != PANGO_GLYPH_EMPTY && glyph != PANGO_GLYPH_INVALID_INPUT {
                    found.append(glyph & ~PANGO_GLYPH_UNKNOWN_FLAG)
                }
            }
        } while pango_layout_iter_next_run(iter) != 0
        return found
    }

    /// The font family of each glyph run of the current text, in order (what fallback chose).
    func runFamilies() -> [String] {
        guard let iter = pango_layout_get_iter(laidOut) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var families: [String] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let font = run.pointee.item?.pointee.analysis.font,
                  let description = pango_font_describe(font) else { continue }
            defer { pango_font_description_free(description) }
            families.append(pango_font_description_get_family(description).map { String(cString: $0) } ?? "")
        } while pango_layout_iter_next_run(iter) != 0
        return families
    }

    /// Where each link of the current text is drawn: one rectangle per line it is on, in points
    /// relative to the layout origin, from the logical extents of its glyph runs; and the
    /// link's text (its whole text where the layout ellipsizes it), an SVG link's name.
    func linkAreas() -> [(url: String, text: String, rects: [Rect])] {
        // Kept until the text changes: a tall cell of many links is painted in many PNG bands.
        if let cached = cachedLinkAreas, cached.serial == pango_layout_get_serial(pointer) { return cached.areas }
        let areas = measuredLinkAreas()
        cachedLinkAreas = (pango_layout_get_serial(pointer), areas)
        return areas
    }

    /// `linkAreas()` of the current text and the layout serial they belong to.
    private var cachedLinkAreas: (serial: UInt32, areas: [(url: String, text: String, rects: [Rect])])?

    private func measuredLinkAreas() -> [(url: String, text: String, rects: [Rect])] {
        guard !links.isEmpty, let iter = pango_layout_get_iter(laidOut) else { return [] }
        defer { pango_layout_iter_free(iter) }
        // The runs in drawing order: their bytes, logical boxes and baselines.
        var runs: [(range: Range<Int>, rect: Rect, baseline: Int32)] = []
        let scale = Double(PANGO_SCALE)
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item else { continue }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, &ink, &logical)
            let rect = Rect(x: Double(logical.x) / scale, y: Double(logical.y) / scale,
                            width: Double(logical.width) / scale, height: Double(logical.height) / scale)
            runs.append((Int(item.pointee.offset)..<Int(item.pointee.offset + item.pointee.length), rect,
                         pango_layout_iter_get_baseline(iter)))
        } while pango_layout_iter_next_run(iter) != 0
        // Which links meet which runs, in one sweep (asking every link for every run was
        // quadratic: 100,000 links in a cell).
        let byStart = links.indices.sorted { links[$0].range.lowerBound < links[$1].range.lowerBound }
        let meeting = RangeOverlaps.overlapping(byStart.map { links[$0].range }, runs.map(\.range))
        // Per link: its rectangles so far and the baseline of the line each is on.
        var areas = links.map { _ in [(rect: Rect, baseline: Int32)]() }
        for (run, found) in zip(runs, meeting) where run.rect.width > 0 {
            for k in found.map({ byStart[$0] }) {
                if let last = areas[k].last, last.baseline == run.baseline {
                    areas[k][areas[k].count - 1].rect = last.rect.union(run.rect)
                } else {
                    areas[k].append((run.rect, run.baseline))
                }
            }
        }
        let shown = pango_layout_get_text(laidOut).map { Array(String(cString: $0).utf8) } ?? []
        func text(_ range: Range<Int>) -> String {
            range.upperBound <= shown.count ? String(decoding: shown[range], as: UTF8.self) : ""
        }
        return zip(links, areas).map { (url: $0.url, text: text($0.range), rects: $1.map(\.rect)) }.filter { !$0.rects.isEmpty }
    }

    /// The Pango settings `prepare` gives a layout for `style` in `width` points (nil = natural).
    struct Settings: Hashable {
        /// Pango units, -1 = none.
        var width: Int32
        var ellipsize: PangoEllipsizeMode
        var height: Int32
        var lineLimit: Int
        var alignment: PangoAlignment
        var wraps: Bool
    }

    static func settings(style: ResolvedStyle, width: Double?) -> Settings {
        let wraps = width != nil && style.wrap
        var mode = PANGO_ELLIPSIZE_NONE
        // Ellipsizing with Pango's height -1 keeps one line per paragraph, so wrapped text without
        // a line limit never ellipsizes; with a limit, the last kept line gets the ellipsis.
        if width != nil && (!wraps || style.maxLines > 0) {
            switch style.ellipsize {
            case .end: mode = PANGO_ELLIPSIZE_END
            case .middle: mode = PANGO_ELLIPSIZE_MIDDLE
            case .start: mode = PANGO_ELLIPSIZE_START
            case .none: mode = PANGO_ELLIPSIZE_NONE
            }
        }
        // Pango wraps whenever a width is set, so a line that neither wraps nor ellipsizes gets no
        // width (the painter aligns it from its natural size).
        let effectiveWidth = wraps || mode != PANGO_ELLIPSIZE_NONE ? width : nil
        let pangoWidth = effectiveWidth.map { Int32(min(Double(Int32.max), max(0, $0) * Double(PANGO_SCALE))) } ?? -1
        // Pango limits lines only while ellipsizing; otherwise `lineLimit` cuts the measured height.
        let lines = wraps && style.maxLines > 0 ? style.maxLines : 0
        let pangoHeight: Int32 = lines > 0 && mode != PANGO_ELLIPSIZE_NONE ? Int32(-lines) : -1
        let align: PangoAlignment = switch style.align {
        case .left, .decimal: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .right: PANGO_ALIGN_RIGHT
        }
        return Settings(width: pangoWidth, ellipsize: mode, height: pangoHeight,
                        lineLimit: lines > 0 && mode == PANGO_ELLIPSIZE_NONE ? lines : 0,
                        alignment: align, wraps: wraps)
    }

    /// For a layout prepared with no width: its logical width in Pango units when it is one
    /// left-to-right line starting at x = 0, the shape in which the same text laid out in any width
    /// at least this wide, left-aligned, without wrapping, gives the very same line; else nil.
    var singleLineWidth: Int32? {
        guard width < 0, pango_layout_get_line_count(laidOut) == 1,
              let line = pango_layout_get_line_readonly(laidOut, 0),
              pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_LTR else { return nil }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(laidOut, &ink, &logical)
        guard logical.x == 0, logical.width >= 0 else { return nil }
        return logical.width
    }

    /// True when Pango has a width to wrap, ellipsize and align in; else the caller aligns.
    var hasWidth: Bool { width >= 0 }

    /// The logical extents in points, relative to the layout origin (x is non-zero when Pango
    /// aligns inside a width). The height honours `lineLimit`.
    var logicalRect: Rect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(laidOut, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        var height = Double(logical.height) / scale
        if lineLimit > 0, Int(pango_layout_get_line_count(laidOut)) > lineLimit,
           let line = pango_layout_get_line_readonly(laidOut, Int32(lineLimit)) {
            var pos = PangoRectangle()
            pango_layout_index_to_pos(laidOut, line.pointee.start_index, &pos)
            height = Double(pos.y) / scale
        }
        var width = Double(logical.width) / scale
        if mayOverflow {
            // Added up once per text: a long line is measured again for every PNG tile it crosses.
            let summed = summedWidth ?? summedLineWidth()
            summedWidth = summed
            width = max(width, summed)
        }
        return Rect(x: Double(logical.x) / scale, y: Double(logical.y) / scale, width: width, height: height)
    }

    /// The x offset (points) of the character at `byteIndex` in the current text.
    /// Whether the text is one line, shown whole (not wrapped, not ellipsized).
    var isSingleWholeLine: Bool {
        pango_layout_get_line_count(laidOut) == 1 && pango_layout_is_ellipsized(laidOut) == 0
    }

    func x(ofByteIndex byteIndex: Int) -> Double {
        var pos = PangoRectangle()
        pango_layout_index_to_pos(laidOut, Int32(byteIndex), &pos)
        return Double(pos.x) / Double(PANGO_SCALE)
    }

    /// Draws the layout with its origin at (`x`, `y`) in user space, in the context's source colour.
    /// A layout of more than `cullingLines` lines that the clip cuts shows only the lines near the
    /// clip: a tall wrapped cell or title crosses many PNG bands, and showing all of it in each
    /// band made a 1 MB word cost bands × glyphs (quadratic in its length).
    /// A layout much wider than the clip (a long unwrapped line across PNG tiles) also shows
    /// only the runs near it (`showLine`).
    func show(in cr: CairoContext, x: Double, y: Double) {
        let lineCount = pango_layout_get_line_count(laidOut)
        if lineCount > TextLayout.cullingLines || lineCount > 0 && isWide(comparedTo: cr.clipExtents()),
           showLines(in: cr, x: x, y: y, near: cr.clipExtents()) {
            return
        }
        cr.moveTo(x, y)
        pango_cairo_show_layout(cr.pointer, laidOut)
    }

    /// Layouts of more lines than this are culled to the clip when shown.
    static let cullingLines: Int32 = 64

    /// A line of the current text: the line, its logical box and baseline in Pango units.
    private struct LineBox {
        let line: UnsafeMutablePointer<PangoLayoutLine>
        let x: Int32, top: Int32, bottom: Int32, baseline: Int32
    }

    private func currentLineBoxes() -> [LineBox] {
        if let lineBoxes { return lineBoxes }
        var boxes: [LineBox] = []
        if let iter = pango_layout_get_iter(laidOut) {
            defer { pango_layout_iter_free(iter) }
            repeat {
                guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iter, nil, &logical)
                boxes.append(LineBox(line: line, x: logical.x, top: logical.y, bottom: logical.y + logical.height,
                                     baseline: pango_layout_iter_get_baseline(iter)))
            } while pango_layout_iter_next_line(iter) != 0
        }
        lineBoxes = boxes
        return boxes
    }

    /// Shows the lines whose boxes, widened by two line heights for ink beyond them, meet `clip`
    /// (user space), each as `pango_cairo_show_layout` would place it; false, showing nothing, when
    /// every line is near the clip (the caller shows the whole layout as usual).
    ///
    /// Each line's origin goes into the matrix and the current point is cleared (Pango then
    /// starts from 0, 0), so its glyphs get the same coordinates as in the whole layout: moving
    /// the current point to the line instead would round it to Cairo's 1/256-unit fixed point.
    private func showLines(in cr: CairoContext, x: Double, y: Double, near clip: Rect) -> Bool {
        let boxes = currentLineBoxes()
        let scale = Double(PANGO_SCALE)
        func isNear(_ box: LineBox) -> Bool {
            let height = Double(box.bottom - box.top) / scale
            return y + Double(box.bottom) / scale + 2 * height >= clip.y && y + Double(box.top) / scale - 2 * height <= clip.maxY
        }
        // Lines go down the layout: the first near one by binary search, then until one is past.
        var low = 0, high = boxes.count
        while low < high {
            let mid = (low + high) / 2
            let height = Double(boxes[mid].bottom - boxes[mid].top) / scale
            if y + Double(boxes[mid].bottom) / scale + 2 * height < clip.y { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < boxes.count && isNear(boxes[end]) { end += 1 }
        guard low > 0 || end < boxes.count || isWide(comparedTo: clip) else { return false }
        for box in boxes[low..<end] {
            cr.save()
            cr.newPath()
            cr.translate(x + Double(box.x) / scale, y + Double(box.baseline) / scale)
            showLine(box.line, originX: x + Double(box.x) / scale, in: cr, near: clip)
            cr.restore()
        }
        return true
    }
}
