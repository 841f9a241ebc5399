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

    /// Starts the first-seen colour order afresh (after a flush: every bucket is empty).
    mutating func forgetOrder() {
        index.removeAll(keepingCapacity: true)
        colors.removeAll(keepingCapacity: true)
        buckets.removeAll(keepingCapacity: true)
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
