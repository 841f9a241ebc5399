import GridDocument
import GridLayout

/// Rectangles grouped by colour, filled as one path per colour. Cairo's SVG and PDF backends
/// finish in time quadratic in the number of separate fill operations (DESIGN.md §5), so a
/// table's thousands of cell backgrounds and line pieces become a handful of fills.
/// Colours keep first-seen order so the output is deterministic; buckets keep their capacity
/// between flushes so the paint loop does not allocate per cell. A rectangle that continues the
/// previous one of its colour on the same row band (a striped row's cells) extends it instead:
/// the union is the same area, one rectangle instead of one per cell in SVG and PDF. Cell
/// rectangles are snapped to device pixels, so the edges meet exactly and the pixels do not change.
struct FillBatch {
    private var index: [Color: Int] = [:]
    private var colors: [Color] = []
    private var buckets: [[Rect]] = []

    mutating func add(_ rect: Rect, _ color: Color) {
        guard color.alpha > 0, rect.width > 0, rect.height > 0 else { return }
        if let i = index[color] {
            // Merged only when the new right edge comes out exactly (Cairo gets x and width).
            if let last = buckets[i].last, last.y == rect.y, last.height == rect.height, last.maxX == rect.x,
               last.x + (rect.maxX - last.x) == rect.maxX {
                buckets[i][buckets[i].count - 1].width = rect.maxX - last.x
            } else {
                buckets[i].append(rect)
            }
            return
        }
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

    /// Moves the pending rectangles into `list`, one fill per colour in first-seen order.
    mutating func record(into list: inout DisplayList) {
        for i in buckets.indices where !buckets[i].isEmpty {
            list.append(.fill(FillNode(rects: buckets[i], color: colors[i])))
            buckets[i].removeAll(keepingCapacity: true)
        }
    }

    /// Draws the pending rectangles (`record`, then `CairoPlayer`).
    mutating func flush(_ cr: CairoContext) {
        var list = DisplayList()
        record(into: &list)
        CairoPlayer.playShapes(list, on: cr)
    }
}
