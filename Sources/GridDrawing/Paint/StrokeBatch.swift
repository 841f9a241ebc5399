import GridDocument

/// Dashed line pieces grouped by style, stroked as one path per style (solid lines are filled
/// rectangles in a `FillBatch`, which lands them exactly on device pixels).
struct StrokeBatch {
    typealias Segment = StrokeNode.Segment
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

    /// Moves the pending segments into `list`, one stroke per style in first-seen order.
    mutating func record(into list: inout DisplayList) {
        for i in buckets.indices where !buckets[i].isEmpty {
            list.append(.stroke(StrokeNode(segments: buckets[i], color: styles[i].style.color,
                                           width: styles[i].width, dash: styles[i].style.dash)))
            buckets[i].removeAll(keepingCapacity: true)
        }
    }
}
