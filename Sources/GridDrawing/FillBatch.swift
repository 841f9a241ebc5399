import GridDocument
import GridLayout

/// Rectangles grouped by colour, filled as one path per colour. Cairo's SVG and PDF backends
/// finish in time quadratic in the number of separate fill operations (DESIGN.md §5), so a
/// table's thousands of cell backgrounds and line pieces become a handful of fills.
/// Colours keep first-seen order so the output is deterministic; buckets keep their capacity
/// between flushes so the paint loop does not allocate per cell.
struct FillBatch {
    private var index: [Color: Int] = [:]
    private var colors: [Color] = []
    private var buckets: [[Rect]] = []

    mutating func add(_ rect: Rect, _ color: Color) {
        guard color.alpha > 0, rect.width > 0, rect.height > 0 else { return }
        if let i = index[color] { buckets[i].append(rect); return }
        index[color] = colors.count
        colors.append(color)
        buckets.append([rect])
    }

    mutating func flush(_ cr: CairoContext) {
        for i in buckets.indices where !buckets[i].isEmpty {
            for rect in buckets[i] { cr.rectangle(rect) }
            cr.setSource(colors[i])
            cr.fill()
            buckets[i].removeAll(keepingCapacity: true)
        }
    }
}

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
