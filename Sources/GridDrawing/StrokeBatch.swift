import GridDocument

/// Dashed line pieces grouped by style, stroked as one path per style (solid lines are filled
/// rectangles in a `FillBatch`, which lands them exactly on device pixels).
struct StrokeBatch {
    struct Segment { var x0, y0, x1, y1: Double }
    private var index: [LineStyle: Int] = [:]
    private var styles: [(style: LineStyle, width: Double)] = []
    private var buckets: [[Segment]] = []

    /// `width` is the stroke width in user units (already aligned to device pixels).
    mutating func add(_ segment: Segment, _ style: LineStyle, width: Double) {
        guard style.color.alpha > 0 else { return }
        if let i = index[style] { buckets[i].append(segment); return }
        index[style] = styles.count
        styles.append((style, width))
        buckets.append([segment])
    }

    /// Starts the first-seen style order afresh (after a flush: every bucket is empty).
    mutating func forgetOrder() {
        index.removeAll(keepingCapacity: true)
        styles.removeAll(keepingCapacity: true)
        buckets.removeAll(keepingCapacity: true)
    }

    mutating func flush(_ cr: CairoContext) {
        for i in buckets.indices where !buckets[i].isEmpty {
            for s in buckets[i] { cr.moveTo(s.x0, s.y0); cr.lineTo(s.x1, s.y1) }
            cr.save()
            cr.setSource(styles[i].style.color)
            cr.setLineWidth(styles[i].width)
            cr.setLineCapButt()
            cr.setDash(styles[i].style.dash)
            cr.stroke()
            cr.restore()
            buckets[i].removeAll(keepingCapacity: true)
        }
    }
}
