import GridDocument
import GridLayout

/// Measures cell contents for `auto` tracks with exactly the Pango settings the painter uses
/// (same `TextContext`, same `TextLayout.prepare`). Text sizes are cached by string, font and
/// wrap settings, so a column's cells are laid out once however often layout asks.
/// A class because `ContentMeasurer`'s methods are non-mutating and the cache must fill.
final class TextMeasurer: ContentMeasurer {
    /// Side of a colour swatch or image when content decides a track's size, in points.
    static let defaultGraphicSize = 16.0

    private struct Key: Hashable {
        var text: String
        var font: FontSpec
        /// Wrap width in points, or -1 for the natural single-line size.
        var width: Double
        var maxLines: Int
        var ellipsize: Ellipsize
        /// Markup changes the characters shown and their fonts.
        var markup: MarkupMode
    }

    private let source: CellSource
    private let layout: TextLayout
    private var cache: [Key: Size] = [:]
    /// The natural sizes the other lanes measured in `prewarm`, one dictionary a lane.
    private var laneSizes: [[Key: Size]] = []
    /// Natural layouts kept for the painter of the same context (lane 0 of `TextLanes`), so text
    /// is shaped once.
    let shaped: ShapedLayouts

    private let decimals: DecimalColumns?

    /// `shapedCapacity`: how many natural layouts to keep for the painter.
    init(source: CellSource, context: TextContext, decimals: DecimalColumns? = nil,
         shapedCapacity: Int = ShapedLayouts.defaultCapacity) {
        self.source = source
        self.decimals = decimals
        layout = TextLayout(context: context)
        shaped = ShapedLayouts(context: context, capacity: shapedCapacity)
    }

    /// Table cells' answers, when the job gave the table's size (`remember(rows:columns:)`).
    private var memo: CellSizeMemo?

    /// Keeps each table cell's width and height once measured (`CellSizeMemo`), and makes room
    /// for the sizes of the table's texts up front (at most `maxReserved`): a cache grown one
    /// size at a time was rehashed a dozen times (people-10000 on two lanes: 0.48 → 0.44 s to
    /// lay out). Capped because cells often repeat their text.
    func remember(rows: Int, columns: Int) {
        memo = CellSizeMemo(rows: rows, columns: columns)
        cache.reserveCapacity(cache.count + min(rows * max(0, columns), TextMeasurer.maxReserved))
    }

    /// The most sizes `remember` makes room for in the cache.
    static let maxReserved = 1 << 15

    func width(row: Int, column: Int) -> Double {
        if let known = memo?.width(row, column) { return known }
        let style = source.style(row: row, column: column, item: nil)
        let padding = style.padding.left + style.padding.right
        switch source.content(row: row, column: column, item: nil) {
        case .empty: return padding
        case .text(let text):
            if style.align == .decimal, let extent = decimals?.extent(column: column) {
                return roundedUp(extent.head + extent.tail + padding)
            }
            let size = textSize(text, style: style, width: nil)
            remember(size, style: style, row: row, column: column)
            return roundedUp(size.width + padding)
        case .image, .swatch: return roundedUp(TextMeasurer.defaultGraphicSize + padding)
        }
    }

    func height(row: Int, column: Int, width: Double) -> Double {
        if let known = memo?.height(row, column) { return known }
        let style = source.style(row: row, column: column, item: nil)
        let padding = style.padding.top + style.padding.bottom
        switch source.content(row: row, column: column, item: nil) {
        case .empty: return padding
        case .text(let text):
            let room = style.wrap ? max(0, width - style.padding.left - style.padding.right) : nil
            return roundedUp(textSize(text, style: style, width: room).height + padding)
        case .image, .swatch: return roundedUp(TextMeasurer.defaultGraphicSize + padding)
        }
    }

    /// The natural size of `text`, from a layout `shaped` keeps for the painter when it takes
    /// one, else laid out in `layout`.
    private static func naturalSize(_ text: String, style: ResolvedStyle, shaped: ShapedLayouts, layout: TextLayout) -> Size {
        if let size = shaped.measure(text, style: style) { return size }
        layout.prepare(text, style: style, width: nil)
        let rect = layout.logicalRect
        return Size(width: rect.width, height: rect.height)
    }

    /// Keeps what a text cell of natural size `size` answers: its width (unless the column
    /// aligns decimals) and its height (unless it wraps, when the height depends on the width).
    private func remember(_ size: Size, style: ResolvedStyle, row: Int, column: Int) {
        guard let memo else { return }
        if style.align != .decimal {
            memo.setWidth(roundedUp(size.width + style.padding.left + style.padding.right), row, column)
        }
        if !style.wrap {
            memo.setHeight(roundedUp(size.height + style.padding.top + style.padding.bottom), row, column)
        }
    }

    /// Text items take their natural size plus padding; placeholders, swatches and images have
    /// no size of their own (zero), so the layout makes their columns square.
    func itemSize(item: Int, row: Int, column: Int) -> Size {
        guard case .text(let text) = source.content(row: row, column: column, item: item), !text.isEmpty else {
            return Size(width: 0, height: 0)
        }
        let style = source.style(row: row, column: column, item: item)
        let natural = textSize(text, style: style, width: nil)
        return Size(width: roundedUp(natural.width + style.padding.left + style.padding.right),
                    height: roundedUp(natural.height + style.padding.top + style.padding.bottom))
    }

    /// Sizes are rounded up to whole points, so snapping a track (in whole points, at every
    /// scale) can never make its own content ellipsize or wrap, and the layout does not depend
    /// on the scale.
    private func roundedUp(_ length: Double) -> Double { (length - 1e-9).rounded(.up) }

    /// The lane that measured each chunk in `prewarm` (empty before): its shaped layouts of the
    /// chunk's text are there (`measuringLane`).
    private(set) var measuringLanes: [Int] = []

    /// The lane that measured chunk `c`, when it is below `lanes`, else `c % lanes`: the lane a
    /// player gives the chunk's text to paint, which shows it without shaping it again.
    func measuringLane(chunk c: Int, lanes: Int) -> Int {
        let count = max(1, lanes)
        if measuringLanes.indices.contains(c), measuringLanes[c] < count { return measuringLanes[c] }
        return c % count
    }

    /// Measures the natural (unwrapped) size of every text cell of a table's non-section rows,
    /// the sizes `width(row:column:)` and, for cells that do not wrap, `height(row:column:width:)`
    /// ask for, chunk by chunk on `lanes`, and keeps them (the memo; the cache and, unmerged, the
    /// other lanes' dictionaries, which `textSize` looks in). A lane takes its own
    /// chunks first (`c % lanes.count`), then those nobody has taken yet (`ChunkClaims`), so a
    /// lane with `aside` to do first (the last one) or a slower start does not keep the others
    /// waiting; `measuringLanes` says who measured what. Each lane keeps the natural layouts it
    /// shaped (`TextLanes.Lane.shaped`), so the lane that paints a chunk's text shows them
    /// without shaping again. Sizes do not depend on the lane, so the layout is the same as when
    /// every cell is measured on demand. A lane that cannot make its Pango context leaves its
    /// chunks to the others. Without lanes `aside` runs here, first.
    func prewarm(rowKinds: [RowKind], columnCount: Int, chunks: [Range<Int>], lanes: TextLanes,
                 aside: (() -> Void)? = nil) {
        guard lanes.count > 1, columnCount > 0 else { aside?(); return }
        let source = self.source
        let active = max(1, min(lanes.count, chunks.count))
        let claims = ChunkClaims(chunks: chunks.count, lanes: active)
        let measuredBy = UnsafeMutableBufferPointer<Int>.allocate(capacity: chunks.count)
        _ = measuredBy.initialize(from: (0..<chunks.count).map { $0 % active })
        defer { measuredBy.deallocate() }
        let lanesOf = Unchecked(measuredBy)
        /// Natural sizes of the text cells of the lane's chunks, skipping keys `sizes` has.
        func measure(_ lane: TextLanes.Lane, _ layout: TextLayout, into sizes: inout [Key: Size]) {
            while let c = claims.next(lane: lane.index) {
                lanesOf.value[c] = lane.index
                Timings.span("measure chunk", .region, args: [("chunk", c), ("rows", chunks[c].count)]) {
                for row in chunks[c] where row < rowKinds.count && rowKinds[row] != .section {
                    for column in 0..<columnCount {
                        guard case .text(let text) = source.content(row: row, column: column, item: nil), !text.isEmpty else { continue }
                        let style = source.style(row: row, column: column, item: nil)
                        let key = Key(text: text, font: style.font, width: -1, maxLines: 0, ellipsize: .none, markup: style.markup)
                        let size: Size
                        if let known = sizes[key] { size = known } else {
                            size = TextMeasurer.naturalSize(text, style: style, shaped: lane.shaped, layout: layout)
                            sizes[key] = size
                        }
                        self.remember(size, style: style, row: row, column: column)
                    }
                }
                }
            }
        }
        let cells = rowKinds.count * columnCount
        let results = UnsafeMutablePointer<[Key: Size]>.allocate(capacity: lanes.count)
        results.initialize(repeating: [:], count: lanes.count)
        for k in 1..<lanes.count { results[k].reserveCapacity(min(cells / lanes.count + 1, TextMeasurer.maxReserved)) }
        defer { results.deinitialize(count: lanes.count); results.deallocate() }
        let slots = Unchecked(results)
        try? lanes.run(chunks: chunks.count) { lane in
            if lane.index == active - 1 { aside?() }
            if lane.index == 0 {
                // This thread's chunks go straight into the cache (no extra dictionary at the peak).
                measure(lane, self.layout, into: &self.cache)
            } else {
                measure(lane, TextLayout(context: lane.context), into: &slots.value[lane.index])
            }
        }
        // Kept as they are, not merged into the cache (some 5 ms at 10,000 rows, on this thread
        // alone): the memo answers the layout, and a size missing from the cache is looked for
        // there (`textSize`).
        laneSizes = (1..<lanes.count).map { results[$0] }.filter { !$0.isEmpty }
        measuringLanes = Array(measuredBy)
    }

    /// The logical size of `text` laid out as the painter would in `width` points (nil = natural).
    func textSize(_ text: String, style: ResolvedStyle, width: Double?) -> Size {
        let key = Key(text: text, font: style.font, width: width ?? -1,
                      maxLines: width == nil ? 0 : style.maxLines, ellipsize: width == nil ? .none : style.ellipsize,
                      markup: style.markup)
        if let size = cache[key] { return size }
        guard let width else {
            for sizes in laneSizes { if let size = sizes[key] { return size } }
            let size = TextMeasurer.naturalSize(text, style: style, shaped: shaped, layout: layout)
            cache[key] = size
            return size
        }
        // A long text in a width (a wrapped cell of thousands of characters): laid out here in a
        // layout of its own and kept for the painter, which would otherwise shape it again.
        if text.utf8.count >= GridPainter.longTextBytes {
            shaped.prepare(text, style: style, width: width)
            let settings = TextLayout.settings(style: style, width: width)
            if let kept = shaped.layout(for: text, font: style.font, markup: style.markup, settings: settings) {
                let rect = kept.logicalRect
                let size = Size(width: rect.width, height: rect.height)
                cache[key] = size
                return size
            }
        }
        layout.prepare(text, style: style, width: width)
        let rect = layout.logicalRect
        let size = Size(width: rect.width, height: rect.height)
        cache[key] = size
        return size
    }
}
