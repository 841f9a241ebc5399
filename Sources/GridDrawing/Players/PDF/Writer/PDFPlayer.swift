import CCairo
import CPangoCairo
import GridDocument
import GridLayout

/// Writes one PDF page's content stream for display lists itself, instead of drawing them
/// through Cairo's PDF surface (`RenderJob.ownPDF`): a page per player, painted on any lane,
/// its stream deflated there (`finish`), so pages are joined by concatenation (`PDFWriter`).
///
/// As with `SVGPlayer`, the painter paints into a scratch `CairoContext` that keeps the
/// transform and clip its rules set; `CairoPlayer` hands each list here. The stream starts with
/// Cairo's flip (`1 0 0 -1 0 H cm`), so everything after it is in device units, top left:
/// - fills `re f`, strokes `m l S` with width, dash and butt caps (PDF's default cap);
/// - clips `q … re W n`, ended with `Q` when the clip changes, written where Cairo writes them
///   (`PDFPlayer+Clip`: per operation, none where the clip holds it);
/// - colours `rg`/`RG`, opacity through `/ExtGState` names (`/a0`…, `/ca` and `/CA`);
/// - glyphs `BT /F1 size Tf 1 0 0 -1 x y Tm [<gid>adj<gid>] TJ ET` (`PDFPlayer+Glyphs`, with
///   synthesized oblique and bold faces);
/// - images (cell images, colour emoji) `q [<clip> re W n] w 0 0 -h x y+h cm /Imn Do Q`, the
///   page's n-th image source, numbered at the join (`PDFImageObjects`), clipped where Cairo
///   clips them (`PDFImageClip`: `PDFPlayer+Images`);
/// - glows: their pixels as an image with an `/SMask`, on the glow's pixel grid (`PDFPlayer+Glow`);
/// - links as annotations; and in a tagged page every cell, caption and note its own marked
///   content (`/TD <</MCID n>> BDC … EMC`), everything else `/Artifact BMC … EMC`.
///
/// Refused (the job then draws the document through Cairo): texts only Pango shows, a
/// transform that is not a scale and a translation, a clip that is not one rectangle, and a
/// font with a turned or stretched matrix or one Cairo slants itself.
final class PDFPlayer {
    /// Why the player could not draw a list.
    private(set) var refusal: String?

    let width: Double, height: Double
    private let tagged: Bool
    /// The element attributes the painter's structure recorded, in the order elements begin.
    private let structure: PDFStructure?
    private var begun = 0

    var out: [UInt8] = []
    var fonts: [OpaquePointer: ShownFont] = [:]
    var pageFonts: [PDFPagePart.Font] = []
    /// Per page font, the `/W` advance of each glyph id met (1/1000 of the font size; -1: not
    /// read yet): read once from the font, looked up for every glyph shown.
    var glyphWidths: [[Int32]] = []
    var alphas: [Double] = []
    private var links: [PDFPagePart.Link] = []
    /// The image sources the page draws (`/Im0`…), in the order met.
    var images: [ImageSource] = []
    private var events: [PDFStructureEvent] = []
    private var mcid = 0
    let characters = GlyphCharacters()
    /// The scaled fonts of texts the painter left to Pango, one object per font.
    var textFonts: [OpaquePointer: ScaledFont] = [:]

    enum Marked { case none, artifact, content }
    var marked = Marked.none
    /// The clip the painter set for the lists being played (device space), nil for none.
    var listClip: Rect?
    /// The clip written and in force (device space), nil for none; `q` is open while set.
    var clip: Rect?
    var fillColor: Color?, strokeColor: Color?, alpha = 1.0
    /// The opacity in force where the clip's `q` was written, which its `Q` brings back.
    var alphaOutsideClip = 1.0
    var lineWidth: Double?, dash: [Double] = []

    init(width: Double, height: Double, structure: PDFStructure?) {
        self.width = width
        self.height = height
        self.structure = structure
        tagged = structure != nil
        emit("1 0 0 -1 0 ")
        PDFNumber.append(height, decimals: 3, to: &out)
        emit(" cm\n")
    }

    /// Plays `list` with `cr`'s transform and clip. Links are kept for the page (none for SVG).
    func play(_ list: DisplayList, on cr: CairoContext) -> [LinkArea] {
        guard refusal == nil else { return [] }
        let m = cr.matrix
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.xx == m.yy else {
            refuse("a transform other than a scale and a translation")
            return []
        }
        let t = Transform(s: m.xx, tx: m.x0, ty: m.y0)
        if list.items.contains(where: { if case .structure = $0 { false } else { true } }) { listClip = deviceClip(cr) }
        for item in list.items {
            guard refusal == nil else { return [] }
            switch item {
            case .fill(let fill): write(fill, t)
            case .stroke(let stroke): write(stroke, t)
            case .glyphs(let text): write(text, cr: cr, t)
            case .link(let link): add(link, t)
            case .structure(let node): play(node)
            case .glow(let glow): write(glow, t)
            case .image(let image): write(image, t)
            case .pangoText(let text): write(text, cr: cr, t)
            }
        }
        return []
    }

    /// Begins an element that is not a cell's (the title's `Caption`, a note's `P`) with its
    /// own marked content.
    func begin(_ kind: StructureNode.Kind) {
        guard tagged else { return }
        beginContent(kind, attributes: "")
    }

    /// Ends the element `begin` began.
    func end(_ kind: StructureNode.Kind) {
        guard tagged else { return }
        endContent(kind)
    }

    /// The content stream written so far, not deflated (tests).
    var stream: String { String(decoding: out, as: UTF8.self) }

    /// The page: its stream ended and deflated, with its resources and structure.
    func finish() -> PDFPagePart {
        closeMarked()
        if clip != nil { emit("Q\n") }
        clip = nil
        return PDFPagePart(width: width, height: height, content: PDFDeflate.compress(out), fonts: pageFonts, alphas: alphas,
                           images: images, links: links, events: events, markedContent: mcid)
    }

    /// Appends an operator's bytes.
    func emit(_ literal: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    func refuse(_ reason: String) {
        if refusal == nil { refusal = reason }
    }

    /// User space to device space: a scale and a translation.
    struct Transform {
        var s, tx, ty: Double
        func x(_ v: Double) -> Double { s * v + tx }
        func y(_ v: Double) -> Double { s * v + ty }
    }

    // MARK: - Structure

    private func play(_ node: StructureNode) {
        guard tagged else { return }
        let leaf = PDFPlayer.hasContent(node.kind)
        switch node.event {
        case .begin:
            let attributes = structure.flatMap { begun < $0.attributes.count ? $0.attributes[begun].entry : nil } ?? ""
            begun += 1
            if leaf { beginContent(node.kind, attributes: attributes) } else { events.append(.begin(node.kind, attributes: attributes, mcid: nil, row: node.row)) }
        case .end:
            if leaf { endContent(node.kind) } else { events.append(.end(node.kind)) }
        }
    }

    /// Elements whose content is marked on the page (the others only group them).
    static func hasContent(_ kind: StructureNode.Kind) -> Bool {
        switch kind {
        case .header, .cell, .caption, .paragraph: true
        default: false
        }
    }

    private func beginContent(_ kind: StructureNode.Kind, attributes: String) {
        closeMarked()
        out.append(UInt8(ascii: "/"))
        out.append(contentsOf: kind.rawValue.utf8)
        emit(" <</MCID ")
        PDFNumber.append(mcid, to: &out)
        emit(">> BDC\n")
        events.append(.begin(kind, attributes: attributes, mcid: mcid))
        mcid += 1
        marked = .content
    }

    private func endContent(_ kind: StructureNode.Kind) {
        if marked == .content { emit("EMC\n") }
        marked = .none
        events.append(.end(kind))
    }

    /// Ends an open artifact (before a cell's content, a clip change, the page's end).
    func closeMarked() {
        if marked == .artifact { emit("EMC\n"); marked = .none }
    }

    /// Drawing outside any cell is decoration in a tagged page.
    func drawing() {
        if tagged && marked == .none {
            emit("/Artifact BMC\n")
            marked = .artifact
        }
    }

    // MARK: - Clip and paint

    func appendRect(_ r: Rect) {
        PDFNumber.append(r.x, to: &out); out.append(0x20)
        PDFNumber.append(r.y, to: &out); out.append(0x20)
        PDFNumber.append(r.width, to: &out); out.append(0x20)
        PDFNumber.append(r.height, to: &out)
    }

    private func setAlpha(_ a: Double) {
        guard a != alpha else { return }
        alpha = a
        let index = alphas.firstIndex(of: a) ?? { alphas.append(a); return alphas.count - 1 }()
        emit("/a")
        PDFNumber.append(index, to: &out)
        emit(" gs\n")
    }

    private func appendColor(_ c: Color, _ op: StaticString) {
        PDFNumber.append(c.red, decimals: 6, to: &out); out.append(0x20)
        PDFNumber.append(c.green, decimals: 6, to: &out); out.append(0x20)
        PDFNumber.append(c.blue, decimals: 6, to: &out)
        emit(" ")
        emit(op)
        emit("\n")
    }

    func setFill(_ c: Color) {
        setAlpha(c.alpha)
        let rgb = Color(red: c.red, green: c.green, blue: c.blue, alpha: 1)
        guard fillColor != rgb else { return }
        fillColor = rgb
        appendColor(rgb, "rg")
    }

    /// Writes `w` as the line width (device units) unless it is the one in force.
    func setLineWidth(_ w: Double) {
        guard lineWidth != w else { return }
        lineWidth = w
        PDFNumber.append(w, to: &out)
        emit(" w\n")
    }

    func setStroke(_ c: Color) {
        setAlpha(c.alpha)
        let rgb = Color(red: c.red, green: c.green, blue: c.blue, alpha: 1)
        guard strokeColor != rgb else { return }
        strokeColor = rgb
        appendColor(rgb, "RG")
    }

    // MARK: - Shapes

    private func write(_ fill: FillNode, _ t: Transform) {
        guard !fill.rects.isEmpty, fill.color.alpha > 0 else { return }
        // Cairo's fixed point, as its PDF surface prints a rectangle's path.
        let rects = fill.rects.map { r in
            Rect(x: SVGPlayer.fixed(t.x(r.x)), y: SVGPlayer.fixed(t.y(r.y)), width: SVGPlayer.fixed(r.width * t.s), height: SVGPlayer.fixed(r.height * t.s))
        }
        // The path's extents: its corners, rounded out.
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for r in rects {
            x0 = min(x0, r.x, r.maxX); y0 = min(y0, r.y, r.maxY); x1 = max(x1, r.x, r.maxX); y1 = max(y1, r.y, r.maxY)
        }
        guard clip(for: PDFPlayer.roundedOut(x0: x0, y0: y0, x1: x1, y1: y1), within: listClip) else { return }
        drawing()
        setFill(fill.color)
        for r in rects {
            appendRect(r)
            emit(" re\n")
        }
        emit("f\n")
    }

    private func write(_ stroke: StrokeNode, _ t: Transform) {
        guard !stroke.segments.isEmpty, stroke.color.alpha > 0 else { return }
        guard clip(for: extents(of: stroke, t), within: listClip) else { return }
        drawing()
        setStroke(stroke.color)
        let w = stroke.width * t.s
        setLineWidth(w)
        let d = stroke.dash.map { $0 * t.s }
        if d != dash {
            dash = d
            out.append(UInt8(ascii: "["))
            for (k, v) in d.enumerated() {
                if k > 0 { out.append(0x20) }
                PDFNumber.append(v, to: &out)
            }
            emit("] 0 d\n")
        }
        for s in stroke.segments {
            PDFNumber.append(SVGPlayer.fixed(t.x(s.x0)), to: &out); out.append(0x20)
            PDFNumber.append(SVGPlayer.fixed(t.y(s.y0)), to: &out); emit(" m ")
            PDFNumber.append(SVGPlayer.fixed(t.x(s.x1)), to: &out); out.append(0x20)
            PDFNumber.append(SVGPlayer.fixed(t.y(s.y1)), to: &out); emit(" l\n")
        }
        emit("S\n")
    }

    private func add(_ link: LinkNode, _ t: Transform) {
        let rects = link.rects.map { r in
            Rect(x: t.x(r.x), y: height - t.y(r.y) - r.height * t.s, width: r.width * t.s, height: r.height * t.s)
        }
        guard !rects.isEmpty else { return }
        if tagged { events.append(.link(annotation: links.count)) }
        links.append(PDFPagePart.Link(url: link.url, rects: rects))
    }

    // MARK: - Glyphs

    /// A text the painter left to Pango (markup, many lines, ink at its clip, a translucent
    /// colour): what Pango's renderer draws (`TextLayout.flatten`: glyph runs in their colours,
    /// markup backgrounds and lines as fills) inside its clip, with the text each glyph stands
    /// for (`glyphTexts`: a ligature reads as its letters) and hex boxes (`PDFPlayer+FlatText`).
    private func write(_ text: PangoTextNode, cr: CairoContext, _ t: Transform) {
        guard let (flat, actual) = flattened(text) else { return }
        // Under the text's own clip too (in Cairo's fixed point).
        var wanted = listClip
        if let c = text.clip {
            let x0 = TrackedClip.fixed(t.x(c.x)), y0 = TrackedClip.fixed(t.y(c.y))
            let own = Rect(x: x0, y: y0, width: TrackedClip.fixed(c.width * t.s), height: TrackedClip.fixed(c.height * t.s))
            guard let cut = wanted.map({ $0.intersection(own) }) ?? own else { return }
            wanted = cut
        }
        // Each of its operations clipped as Cairo clips Pango's (`PDFPlayer+Clip`).
        let painterClip = listClip
        listClip = wanted
        defer { listClip = painterClip }
        // Pango's renderer starts from the current point Cairo keeps.
        let origin = cr.currentPoint(afterMovingTo: text.x, text.y)
        cr.newPath()
        var runIndex = 0
        for item in flat.items {
            switch item {
            case .glyphs(let run, let color):
                var single = run
                single.range = 0..<run.range.count
                write(GlyphsNode(x: text.x, y: text.y, color: color, runs: [single], glyphs: Array(flat.glyphs(of: run))), cr: cr, t,
                      actual: actual[runIndex])
                runIndex += 1
            case .fill(let fill):
                // An empty rectangle (a line under hidden emoji only) draws nothing; Cairo writes nothing.
                guard fill.width > 0, fill.height > 0 else { continue }
                let r = fill.rect
                write(FillNode(rects: [Rect(x: origin.x + r.x, y: origin.y + r.y, width: r.width, height: r.height)], color: fill.color), t)
            case .hexBox(let box):
                write(box, of: text, origin: origin, cr: cr, t)
            }
        }
    }
}
