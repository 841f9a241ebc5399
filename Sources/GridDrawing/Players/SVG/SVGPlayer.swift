import CCairo
import GridDocument
import GridLayout

/// Writes SVG elements for display lists itself, instead of drawing them through Cairo's SVG
/// surface: one player per part of a document (the cells, a chunk of rows' text, the overlay),
/// each into its own bytes with the set of glyph ids it used, so a document is its header,
/// the definitions of the union of those ids (`SVGGlyphDefs`) and the parts' bodies
/// concatenated, with no parse of anyone's output (`RenderJob.ownSVG`).
///
/// The painter still paints into a `CairoContext` (a scratch SVG surface that receives no
/// drawing): it keeps the transform and clip the rules set, which the player reads when a list
/// is played (`CairoPlayer` hands the list here when the context has a player). Everything is
/// written in device units with the numbers Cairo's SVG writer would print (`SVGNumber`,
/// Cairo's fixed-point coordinates), so rsvg rasterizes the same pixels:
/// - fills: one `<path>` per node, a rectangle per `M…H…V…H…Z`;
/// - strokes: one `<path>` per node with width, dash and butt caps (SVG's default cap);
/// - glyphs (`GlyphsNode`): a `<g>` per stretch of glyphs in one colour on one baseline
///   (`translate(0 y)`), a `<use href="#id" x="…"/>` per run of glyphs, its definition once per
///   document (`SVGPlayer+TextRuns`), or per glyph with ink where a run is one glyph; outlines
///   once per document (`GlyphOutlines`);
/// - links: their areas in device space, written by the document as `SVGLinks` does;
/// - texts only Pango shows (`PangoTextNode`: markup colours, backgrounds, underlines, strike
///   lines, links, hex boxes): flattened (`TextLayout.flatten`, `SVGPlayer+Text`);
/// - images and glows: `<image>` definitions once per document, a `<use>` per painting
///   (`SVGPlayer+Images`);
/// - a shape, text or image that reaches past its clip: inside a group clipped to it, its
///   `<clipPath>` defined once per document (`clipped`).
///
/// What it cannot draw — a transform other than the page's scale and a translation, shaped or error-underlined text, colour bitmap glyphs left to Pango
/// (the painter hides them and records images unless told not to) — makes it refuse (`refusal`); the
/// render then fails with one error line saying why (`SVGRefusal`): it is the only SVG writer.
final class SVGPlayer {
    /// The body written so far.
    var body: [UInt8] = []
    /// The glyph ids the body uses.
    var usedGlyphs: Set<[UInt8]> = []
    /// Why the player could not draw a list (the render then fails).
    private(set) var refusal: String?

    let defs: SVGGlyphDefs
    private let outlines: GlyphOutlines
    /// Per scaled font met (by pointer, retained by the nodes' `ScaledFont`): its code and its
    /// glyphs' ids (`SVGPartFont`).
    var fonts: [OpaquePointer: SVGPartFont] = [:]
    /// The scaled fonts of texts the painter left to Pango, one object per font.
    var textFonts: [OpaquePointer: ScaledFont] = [:]
    /// The open glyph group: its colour and baseline as written.
    var group: (fill: [UInt8], y: [UInt8])?
    /// The text runs this part defined, by the hash of their definition (`SVGPlayer+TextRuns`).
    var runIDs: [UInt64: (definition: [UInt8], id: [UInt8])] = [:]

    /// The page, device units (a clip that covers it needs no clip path).
    let page: Rect
    /// The scale the painter set on the context before painting (a paginated page's fit): the
    /// player writes in the units under it, and the document puts the body in a group scaled
    /// by it (`RenderJob.svgPage`), so rsvg draws what Cairo drew at the page's size.
    let scale: Double

    /// Whether runs of glyphs are written as uses of one definition (`SVGPlayer+TextRuns`);
    /// false writes every glyph on its own (tests compare the two rasters).
    let writesRuns: Bool

    init(defs: SVGGlyphDefs, page: Rect, scale: Double = 1, writesRuns: Bool = true) throws {
        self.defs = defs
        self.page = page
        self.scale = scale
        self.writesRuns = writesRuns
        outlines = try GlyphOutlines()
    }

    /// Plays `list` with `cr`'s current transform and clip; returns its links in device space.
    /// Once the player (or another part's) has refused, lists are passed over: the painter goes
    /// on to the end of the part with its state whole, and the job then fails.
    func play(_ list: DisplayList, on cr: CairoContext) -> [LinkArea] {
        guard refusal == nil, !defs.refused else { return [] }
        var links: [LinkArea] = []
        let clip = deviceClip(cr)
        let m = cr.matrix
        guard m.xx == scale, m.yy == scale, m.xy == 0, m.yx == 0 else {
            refuse("a transform other than the page's scale and a translation")
            return []
        }
        // The translation in the units under the page's scale (device units at scale 1).
        let tx = m.x0 / scale, ty = m.y0 / scale
        for item in list.items {
            guard refusal == nil else { return [] }
            if case .glyphs(let text) = item {
                write(text, cr: cr, tx: tx, ty: ty)
                continue
            }
            closeGroup()
            switch item {
            case .fill(let fill): write(fill, tx: tx, ty: ty, clip: clip)
            case .stroke(let stroke): write(stroke, tx: tx, ty: ty, clip: clip)
            case .link(let link): links.append(CairoPlayer.play(link, on: cr))
            case .glow(let glow): write(glow, tx: tx, ty: ty, clip: clip)
            case .image(let image): write(image, tx: tx, ty: ty, clip: clip)
            case .pangoText(let text): write(text, cr: cr, tx: tx, ty: ty, clip: clip)
            case .glyphs, .structure: break  // structure: PDF only
            }
        }
        return links
    }

    /// Ends the body (closes an open glyph group).
    func finish() { closeGroup() }

    /// The page's background, as the document's first element.
    func background(_ color: Color, width: Double, height: Double) {
        guard color.alpha > 0 else { return }
        closeGroup()
        body += SVGPlayer.backgroundRect(color, width: width, height: height)
    }

    /// `<rect>` of `width`×`height` filled with `color` (a page's background).
    static func backgroundRect(_ color: Color, width: Double, height: Double) -> [UInt8] {
        guard color.alpha > 0 else { return [] }
        var out = Array("<rect width=\"".utf8)
        SVGNumber.append(width, to: &out)
        out += Array("\" height=\"".utf8)
        SVGNumber.append(height, to: &out)
        out += Array("\"".utf8)
        appendPaint("fill", color, to: &out)
        out += Array("/>\n".utf8)
        return out
    }

    func refuse(_ reason: String) {
        if refusal == nil { refusal = reason }
        defs.refuse()
    }

    // MARK: - Shapes

    /// Cairo's fixed point: 1/256 of a device unit, halves to even.
    static func fixed(_ v: Double) -> Double { (v * 256).rounded(.toNearestOrEven) / 256 }

    private func write(_ fill: FillNode, tx: Double, ty: Double, clip: Rect?) {
        guard !fill.rects.isEmpty else { return }
        var d: [UInt8] = []
        var bounds: Rect?
        for r in fill.rects {
            // cairo_rectangle: a move to the corner, then lines by the width and height.
            let x0 = SVGPlayer.fixed(r.x + tx), y0 = SVGPlayer.fixed(r.y + ty)
            let x1 = x0 + SVGPlayer.fixed(r.width), y1 = y0 + SVGPlayer.fixed(r.height)
            let box = Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
            bounds = bounds.map { $0.union(box) } ?? box
            d.append(UInt8(ascii: "M")); SVGNumber.append(x0, to: &d); d.append(0x20); SVGNumber.append(y0, to: &d)
            d.append(UInt8(ascii: "H")); SVGNumber.append(x1, to: &d)
            d.append(UInt8(ascii: "V")); SVGNumber.append(y1, to: &d)
            d.append(UInt8(ascii: "H")); SVGNumber.append(x0, to: &d)
            d.append(UInt8(ascii: "Z"))
        }
        guard let bounds else { return }
        clipped(bounds, to: clip) {
            body += Array("<path".utf8)
            appendPaint("fill", fill.color)
            body += Array(" d=\"".utf8) + d + Array("\"/>\n".utf8)
        }
    }

    private func write(_ stroke: StrokeNode, tx: Double, ty: Double, clip: Rect?) {
        guard !stroke.segments.isEmpty else { return }
        var d: [UInt8] = []
        var bounds: Rect?
        let half = stroke.width / 2
        for s in stroke.segments {
            let x0 = SVGPlayer.fixed(s.x0 + tx), y0 = SVGPlayer.fixed(s.y0 + ty)
            let x1 = SVGPlayer.fixed(s.x1 + tx), y1 = SVGPlayer.fixed(s.y1 + ty)
            // Butt caps: a horizontal or vertical segment is widened across its length only.
            let hx = y0 == y1 ? 0 : half, hy = x0 == x1 ? 0 : half
            let box = Rect(x: min(x0, x1) - hx, y: min(y0, y1) - hy, width: abs(x1 - x0) + 2 * hx, height: abs(y1 - y0) + 2 * hy)
            bounds = bounds.map { $0.union(box) } ?? box
            d.append(UInt8(ascii: "M")); SVGNumber.append(x0, to: &d); d.append(0x20); SVGNumber.append(y0, to: &d)
            if y0 == y1 {
                d.append(UInt8(ascii: "H")); SVGNumber.append(x1, to: &d)
            } else if x0 == x1 {
                d.append(UInt8(ascii: "V")); SVGNumber.append(y1, to: &d)
            } else {
                d.append(UInt8(ascii: "L")); SVGNumber.append(x1, to: &d); d.append(0x20); SVGNumber.append(y1, to: &d)
            }
        }
        guard let bounds else { return }
        clipped(bounds, to: clip) { writeStroke(stroke, d) }
    }

    private func writeStroke(_ stroke: StrokeNode, _ d: [UInt8]) {
        body += Array("<path fill=\"none\"".utf8)
        appendPaint("stroke", stroke.color)
        body += Array(" stroke-width=\"".utf8)
        SVGNumber.append(stroke.width, to: &body)
        body += Array("\"".utf8)
        if !stroke.dash.isEmpty {
            body += Array(" stroke-dasharray=\"".utf8)
            for (k, v) in stroke.dash.enumerated() {
                if k > 0 { body.append(UInt8(ascii: ",")) }
                SVGNumber.append(v, to: &body)
            }
            body += Array("\"".utf8)
        }
        body += Array(" d=\"".utf8) + d + Array("\"/>\n".utf8)
    }

    /// Writes what `draw` writes for a shape with device bounds `box` under `clip`: as it is
    /// when wholly inside, nothing when wholly outside, and across the clip's edge inside a
    /// group clipped to it (`<clipPath>` defined once per document, its id the clip's own
    /// numbers, so parts written on other threads share it).
    func clipped(_ box: Rect, to clip: Rect?, _ draw: () -> Void) {
        guard let clip else { return draw() }
        let e = 1e-9
        if box.x >= clip.x - e && box.maxX <= clip.maxX + e && box.y >= clip.y - e && box.maxY <= clip.maxY + e { return draw() }
        if box.maxX <= clip.x || box.x >= clip.maxX || box.maxY <= clip.y || box.y >= clip.maxY { return }
        closeGroup()
        let id = defs.clip(clip)
        usedGlyphs.insert(id)
        body += Array("<g clip-path=\"url(#".utf8) + id + Array(")\">\n".utf8)
        draw()
        closeGroup()
        body += Array("</g>\n".utf8)
    }

    /// The clip in device space, nil when it is the whole page (the SVG's viewport clips
    /// there): the rectangles the painter clipped to, as `CairoContext` tracked them, with
    /// Cairo's numbers (`TrackedClip.deviceRect`), so a clip off the pixel grid (an unsnapped
    /// layout) is written where Cairo's SVG surface would; refuses a clip not one rectangle.
    private func deviceClip(_ cr: CairoContext) -> Rect? {
        let clip = cr.trackedClip.playerClip(within: Rect(x: 0, y: 0, width: page.maxX, height: page.maxY))
        guard case .success(let found) = clip, let r = found else {
            if case .failure(let refusal) = clip { refuse(refusal.reason) }
            return nil
        }
        guard scale != 1 else { return r }
        return Rect(x: r.x / scale, y: r.y / scale, width: r.width / scale, height: r.height / scale)
    }

    // MARK: - Glyphs

    func write(_ text: GlyphsNode, cr: CairoContext, tx: Double, ty: Double) {
        // Where Pango's renderer starts the layout: Cairo's current point after moving there.
        let origin = cr.currentPoint(afterMovingTo: text.x, text.y)
        cr.newPath()
        var fill: [UInt8] = []
        appendPaint("fill", text.color, to: &fill)
        var y: [UInt8] = []
        for run in text.runs {
            guard let font = font(run.font) else { return }
            let baseX = origin.x + run.x, baseY = origin.y + run.baseline
            switch writeRun(text.glyphs(of: run), font: font, baseX: baseX + tx, baseY: baseY + ty, fill: fill) {
            case .written: continue
            case .refused: return
            case .glyphByGlyph: break
            }
            for glyph in text.glyphs(of: run) {
                guard let ref = glyphRef(glyph.id, in: font) else { return }
                guard ref.ink else { continue }
                y.removeAll(keepingCapacity: true)
                SVGNumber.append((glyph.yUnits == 0 ? baseY : baseY + glyph.y) + ty, to: &y)
                if group?.fill != fill || group?.y != y {
                    closeGroup()
                    body += Array("<g".utf8) + fill + Array(" transform=\"translate(0 ".utf8) + y + Array(")\">".utf8)
                    group = (fill, y)
                }
                body += Array("<use href=\"#".utf8) + ref.id + Array("\" x=\"".utf8)
                SVGNumber.append(baseX + glyph.x + tx, to: &body)
                body += Array("\"/>".utf8)
                use(glyph.id, ref, in: font)
            }
        }
    }

    /// A text the painter left to Pango, flattened (`TextLayout.flatten`): its glyph runs,
    /// backgrounds, lines and hex boxes as Pango's renderer draws them (`SVGPlayer+Text`),
    /// clipped to its cell's frame and the region's clip where its box (ink and logical, with
    /// the two device units `GlyphBatch` keeps) crosses them.
    private func write(_ text: PangoTextNode, cr: CairoContext, tx: Double, ty: Double, clip: Rect?) {
        let box = text.layout.paintedRect
        guard box.width > 0, box.height > 0 else { return }
        let device = Rect(x: text.x + box.x + tx - 2, y: text.y + box.y + ty - 2, width: box.width + 4, height: box.height + 4)
        var limit = clip
        if let cell = text.clip {
            let c = Rect(x: cell.x + tx, y: cell.y + ty, width: cell.width, height: cell.height)
            guard let meet = limit.map({ $0.intersection(c) }) ?? c else { return }
            limit = meet
        }
        guard let flat = text.layout.flatten(color: text.color, fonts: &textFonts) else {
            refuse("a text Pango draws with shapes, error underlines or colour bitmap glyphs")
            return
        }
        clipped(device, to: limit) { write(flat, x: text.x, y: text.y, cr: cr, tx: tx, ty: ty) }
    }

    func closeGroup() {
        guard group != nil else { return }
        body += Array("</g>\n".utf8)
        group = nil
    }

    /// `font` as this part knows it (its code keyed the first time it is met).
    func font(_ font: ScaledFont) -> SVGPartFont? {
        if let known = fonts[font.pointer] { return known }
        do {
            let met = SVGPartFont(font: font, code: defs.code(for: try outlines.key(font: font.pointer)))
            fonts[font.pointer] = met
            return met
        } catch {
            refuse("\(error)")
            return nil
        }
    }

    /// Glyph `glyph` of `font`: its id, whether it has ink (its outline defined in the document
    /// the first time any part meets it) and whether this part uses it yet.
    func glyphRef(_ glyph: UInt32, in font: SVGPartFont) -> SVGPartFont.Glyph? {
        if let known = font.glyphs[glyph] { return known }
        let id = font.code + Array(String(glyph).utf8)
        do {
            let path = try defs.outline(id) { try outlines.pathData(font: font.font.pointer, glyph: glyph) }
            let ref = SVGPartFont.Glyph(id: id, ink: !path.isEmpty)
            font.glyphs[glyph] = ref
            return ref
        } catch {
            refuse("\(error)")
            return nil
        }
    }

    /// Notes that the body uses `glyph` of `font` (`ref`, as `glyphRef` gave it): its id joins
    /// `usedGlyphs` the first time.
    func use(_ glyph: UInt32, _ ref: SVGPartFont.Glyph, in font: SVGPartFont) {
        guard !ref.used else { return }
        font.glyphs[glyph]?.used = true
        usedGlyphs.insert(ref.id)
    }

    // MARK: - Paint

    func appendPaint(_ property: String, _ color: Color) {
        appendPaint(property, color, to: &body)
    }

    func appendPaint(_ property: String, _ color: Color, to out: inout [UInt8]) {
        SVGPlayer.appendPaint(property, color, to: &out)
    }

    /// ` fill="#rrggbb"` (or Cairo's `rgb(r%,g%,b%)` for a colour between 8-bit steps), and the
    /// opacity when below 1.
    static func appendPaint(_ property: String, _ color: Color, to out: inout [UInt8]) {
        out += Array(" \(property)=\"".utf8)
        let channels = [color.red, color.green, color.blue]
        if channels.allSatisfy({ abs($0 * 255 - ($0 * 255).rounded()) < 1e-9 }) {
            out.append(UInt8(ascii: "#"))
            let hex = Array("0123456789abcdef".utf8)
            for c in channels {
                let v = Int(max(0, min(255, (c * 255).rounded())))
                out.append(hex[v >> 4]); out.append(hex[v & 15])
            }
        } else {
            out += Array("rgb(".utf8)
            for (k, c) in channels.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                SVGNumber.append(c * 100, to: &out)
                out.append(UInt8(ascii: "%"))
            }
            out.append(UInt8(ascii: ")"))
        }
        out.append(UInt8(ascii: "\""))
        if color.alpha < 1 {
            out += Array(" \(property)-opacity=\"".utf8)
            SVGNumber.append(color.alpha, to: &out)
            out.append(UInt8(ascii: "\""))
        }
    }
}

/// Why the SVG player stopped: the document has something it does not draw yet.
struct SVGRefusal: Error {
    var reason: String

    /// The render's error: the SVG is not written (no other SVG writer draws it).
    var error: RenderError { RenderError("SVG: the SVG player cannot draw this document (\(reason))") }
}
