import CCairo
import GridDocument
import GridLayout

/// Owns one `cairo_t`. The only place that issues Cairo drawing calls; the painter speaks in
/// rectangles, colours and paths through it.
final class CairoContext {
    let pointer: OpaquePointer
    /// Kept alive: a context must not outlive its target surface.
    let surface: CairoSurface
    /// When set, display lists played on this context are written by the SVG player instead of
    /// drawn (the context only keeps the painter's transform and clip: `RenderJob.ownSVG`).
    var svgPlayer: SVGPlayer?
    /// The same for the project's PDF writer (`RenderJob.ownPDF`).
    var pdfPlayer: PDFPlayer?
    /// The clip as set through this context, kept while a player writes the lists
    /// (`TrackedClip`, read by `SVGPlayer`, `PDFPlayer` and `PNGGlyphs`); with the path's
    /// rectangles not yet used and the clips saved by `save()`.
    private(set) var trackedClip = TrackedClip()
    private var pathRects: [(rect: Rect, matrix: cairo_matrix_t)] = []
    private var pathHasLines = false
    private var savedClips: [TrackedClip] = []
    /// Whether the clip is tracked for the PNG glyph compositor too (`PNGGlyphs`: Cairo does
    /// not report a clip off the pixel grid, as cells have at scale 1.5).
    var tracksClipForGlyphs = false
    private var tracksClip: Bool { svgPlayer != nil || pdfPlayer != nil || tracksClipForGlyphs }

    init(_ surface: CairoSurface) throws {
        self.surface = surface
        guard let cr = cairo_create(surface.pointer) else { throw RenderError("cairo_create failed") }
        pointer = cr
        try checkStatus("creating a Cairo context")
    }

    deinit { cairo_destroy(pointer) }

    func checkStatus(_ what: String) throws {
        let status = cairo_status(pointer)
        if status != CAIRO_STATUS_SUCCESS { throw RenderError("\(what): \(CairoSurface.describe(status))") }
    }

    func save() {
        cairo_save(pointer)
        if tracksClip { savedClips.append(trackedClip) }
    }
    func restore() {
        cairo_restore(pointer)
        if tracksClip, let saved = savedClips.popLast() { trackedClip = saved }
    }
    func identityMatrix() { cairo_identity_matrix(pointer) }
    func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
    func scale(_ x: Double, _ y: Double) { cairo_scale(pointer, x, y) }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }
    /// Makes `image` the source, scaled by (`sx`, `sy`) with its origin at (`x`, `y`) in user
    /// space. It moves the current transform: call between `save()` and `restore()`.
    func setSource(_ image: ImageSource, x: Double, y: Double, sx: Double, sy: Double) {
        cairo_translate(pointer, x, y)
        cairo_scale(pointer, sx, sy)
        switch image {
        case .surface(let surface): cairo_set_source_surface(pointer, surface.pointer, 0, 0)
        case .pattern(let pattern): cairo_set_source(pointer, pattern.pointer)
        }
        cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
    }

    /// Makes the current source repeat its edge pixels beyond its bounds (an image reduced in
    /// size keeps opaque edges; painting then fades them once, as before).
    func padSource() { cairo_pattern_set_extend(cairo_get_source(pointer), CAIRO_EXTEND_PAD) }

    func rectangle(_ r: Rect) {
        cairo_rectangle(pointer, r.x, r.y, r.width, r.height)
        if tracksClip {
            var m = cairo_matrix_t()
            cairo_get_matrix(pointer, &m)
            pathRects.append((r, m))
        }
    }
    func moveTo(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    func lineTo(_ x: Double, _ y: Double) { cairo_line_to(pointer, x, y); pathHasLines = true }

    func fill() { cairo_fill(pointer); forgetPath() }
    func stroke() { cairo_stroke(pointer); forgetPath() }
    func clip() {
        cairo_clip(pointer)
        trackClip(evenOdd: false)
    }
    /// Clips to the current path with the even-odd rule: a rectangle inside another is cut out.
    func clipEvenOdd() {
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(pointer)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
        trackClip(evenOdd: true)
    }
    private func trackClip(evenOdd: Bool) {
        if tracksClip {
            if pathRects.count == 1 && !pathHasLines && !evenOdd {
                trackedClip.rects.append(pathRects[0])
            } else {
                trackedClip.isRectangle = false
            }
        }
        forgetPath()
    }
    private func forgetPath() {
        pathRects.removeAll(keepingCapacity: true)
        pathHasLines = false
    }
    /// The current clip's bounding box in user space.
    func clipExtents() -> Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(pointer, &x0, &y0, &x1, &y1)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// Clears the path and the current point.
    func newPath() { cairo_new_path(pointer); forgetPath() }

    /// Replaces every pixel (background of a reused band), instead of blending over the last band.
    func paintReplacing(_ color: Color) {
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }
    func setDash(_ dash: [Double]) {
        dash.withUnsafeBufferPointer { cairo_set_dash(pointer, $0.baseAddress, Int32($0.count), 0) }
    }
    func setLineCapButt() { cairo_set_line_cap(pointer, CAIRO_LINE_CAP_BUTT) }

    func showPage() { cairo_show_page(pointer) }

    /// Paints the whole target in `color`.
    func paint(_ color: Color) {
        setSource(color)
        cairo_paint(pointer)
    }

    /// Checks the drawing went well and finishes the target document; returns what it wrote.
    func finishSurface() throws -> [UInt8] {
        try checkStatus("drawing")
        return try surface.finish()
    }
}

extension CairoContext {
    /// The current user-to-device transform, which the painter keeps to scale and translation.
    var deviceTransform: DeviceTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(pointer, &m)
        return DeviceTransform(sx: m.xx, sy: m.yy, tx: m.x0, ty: m.y0)
    }
}

extension CairoContext {
    /// Paints the current source over the clip with `alpha` (images with cell opacity).
    func paint(alpha: Double) { alpha >= 1 ? cairo_paint(pointer) : cairo_paint_with_alpha(pointer, alpha) }
}

extension CairoContext {
    /// A link to `url` over `rects` (user space): a PDF link annotation through Cairo's tag
    /// API. Other surfaces ignore it (SVG links are added by `SVGLinks`).
    func link(_ url: String, rects: [Rect]) {
        func number(_ v: Double) -> String { "\((v * 1000).rounded() / 1000)" }
        // Cairo 1.16 writes a link's `rect` as given, in page points from the top left, not
        // through the current transform: the painter's translation (grid origin, page regions)
        // and scale (a grid fitted to the page) are applied here.
        let device = deviceTransform
        let area = rects.map { r in
            [device.deviceX(r.x), device.deviceY(r.y), r.width * device.sx, r.height * device.sy].map(number).joined(separator: " ")
        }.joined(separator: " ")
        // Cairo 1.16 copies `uri` into `/URI (…)` unescaped: `PDFText.uri` leaves nothing PDF reads.
        let attributes = "rect=[\(area)] uri=\(PDFText.cairoAttribute(PDFText.uri(url)))"
        cairo_tag_begin(pointer, CAIRO_TAG_LINK, attributes)
        cairo_tag_end(pointer, CAIRO_TAG_LINK)
    }
}
