import CCairo
import GridLayout

/// The clip of a `CairoContext` as the painter set it: each rectangle it clipped to, in user
/// space with the transform of the moment, exactly as given to Cairo. A player that writes its
/// own document (`SVGPlayer`) reads the clip from here, since Cairo reports a clip off the pixel
/// grid only as a path it keeps to itself.
struct TrackedClip {
    /// The rectangles clipped to, intersected in order.
    var rects: [(rect: Rect, matrix: cairo_matrix_t)] = []
    /// False once something not one rectangle was clipped to (a path with lines, several
    /// rectangles, the even-odd rule): the clip is then not a rectangle.
    var isRectangle = true

    /// The clip in device space with Cairo's numbers: each rectangle's corner transformed and
    /// rounded to Cairo's fixed point (1/256), its far corner that plus the size transformed and
    /// rounded (`cairo_rectangle`'s relative lines), then intersected as Cairo intersects boxes.
    /// Nil when there is no clip; nil too when a transform turned or skewed a rectangle.
    var deviceRect: Rect? {
        var result: Rect?
        for (r, m) in rects {
            guard m.xy == 0, m.yx == 0 else { return nil }
            let x0 = TrackedClip.fixed(r.x * m.xx + m.x0), y0 = TrackedClip.fixed(r.y * m.yy + m.y0)
            let x1 = x0 + TrackedClip.fixed(r.width * m.xx), y1 = y0 + TrackedClip.fixed(r.height * m.yy)
            let box = Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
            guard let so = result else { result = box; continue }
            let left = max(so.x, box.x), top = max(so.y, box.y)
            let right = min(so.maxX, box.maxX), bottom = min(so.maxY, box.maxY)
            result = Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        }
        return result
    }

    /// What a player that writes its own clips (`SVGPlayer`, `PDFPlayer`) clips to: the clip in
    /// device space (`deviceRect`), nil when there is none or it holds `page` (the page's own
    /// edge clips there); or the reason it cannot write it (a clip not one rectangle, or one
    /// turned by its transform).
    func playerClip(within page: Rect) -> Result<Rect?, PlayerClipRefusal> {
        guard isRectangle else { return .failure(PlayerClipRefusal(reason: "a clip that is not one rectangle")) }
        guard let r = deviceRect else {
            return rects.isEmpty ? .success(nil) : .failure(PlayerClipRefusal(reason: "a clip turned by its transform"))
        }
        return .success(r.x <= page.x && r.y <= page.y && r.maxX >= page.maxX && r.maxY >= page.maxY ? nil : r)
    }

    /// Why a player cannot write the clip (`playerClip`).
    struct PlayerClipRefusal: Error { var reason: String }

    /// Cairo's fixed point: 1/256 of a device unit, halves to even.
    static func fixed(_ v: Double) -> Double { (v * 256).rounded(.toNearestOrEven) / 256 }
}
