import Dispatch
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
    }

    private let source: CellSource
    private let layout: TextLayout
    private var cache: [Key: Size] = [:]
    /// Natural layouts kept for the painter of the same context (`RenderJob`), so text is shaped once.
    let shaped: ShapedLayouts

    /// Pixels per point: sizes are rounded up to whole pixels, so snapping a track down to the
    /// pixel grid can never make its own content ellipsize or wrap.
    private let scale: Double

    private let decimals: DecimalColumns?

    init(source: CellSource, context: TextContext, scale: Double = 1, decimals: DecimalColumns? = nil) {
        self.source = source
        self.decimals = decimals
        self.scale = scale
        layout = TextLayout(context: context)
        shaped = ShapedLayouts(context: context)
    }

    func width(row: Int, column: Int) -> Double {
        let style = source.style(row: row, column: column, item: nil)
        let padding = style.padding.left + style.padding.right
        switch source.content(row: row, column: column, item: nil) {
        case .empty: return padding
        case .text(let text):
            if style.align == .decimal, let extent = decimals?.extent(column: column) {
                return roundedUp(extent.head + extent.tail + padding)
            }
            return roundedUp(textSize(text, style: style, width: nil).width + padding)
        case .image, .swatch: return roundedUp(TextMeasurer.defaultGraphicSize + padding)
        }
    }

    func height(row: Int, column: Int, width: Double) -> Double {
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

    private func roundedUp(_ length: Double) -> Double { (length * scale - 1e-9).rounded(.up) / scale }

    /// Below this many cells, measuring on one thread is quicker than starting more font maps.
    static let minParallelCells = 4000

    /// Measures the natural (unwrapped) size of every text cell of a table's non-section rows,
    /// the sizes `width(row:column:)` and, for cells that do not wrap, `height(row:column:width:)`
    /// ask for, on `threads` threads (each with its own font map and Pango context from
    /// `makeContext`), and fills the cache with them. Sizes do not depend on the thread, so the
    /// layout is the same as when every cell is measured on demand.
    func prewarm(rowKinds: [RowKind], columnCount: Int, threads: Int,
                 makeContext: @escaping @Sendable () throws -> TextContext) -> [String] {
        let rows = rowKinds.indices.filter { rowKinds[$0] != .section }
        guard threads > 1, columnCount > 0, rows.count * columnCount >= TextMeasurer.minParallelCells else { return [] }
        let source = self.source
        let chunk = (rows.count + threads - 1) / threads
        /// Natural sizes of the cells of `rows[part * chunk ..< …]`, skipping keys `known` has.
        /// `shaped`: this thread's store, which keeps the natural layouts it can (part 0 only).
        @Sendable func measure(_ part: Int, _ layout: TextLayout, into sizes: inout [Key: Size], known: [Key: Size],
                               shaped: ShapedLayouts? = nil) {
            for row in rows[min(rows.count, part * chunk)..<min(rows.count, (part + 1) * chunk)] {
                for column in 0..<columnCount {
                    guard case .text(let text) = source.content(row: row, column: column, item: nil), !text.isEmpty else { continue }
                    let style = source.style(row: row, column: column, item: nil)
                    let key = Key(text: text, font: style.font, width: -1, maxLines: 0, ellipsize: .none)
                    if known[key] != nil || sizes[key] != nil { continue }
                    if let shaped, let size = shaped.measure(text, style: style) { sizes[key] = size; continue }
                    layout.prepare(text, style: style, width: nil)
                    let rect = layout.logicalRect
                    sizes[key] = Size(width: rect.width, height: rect.height)
                }
            }
        }
        let results = UnsafeMutablePointer<(sizes: [Key: Size], warnings: [String])>.allocate(capacity: threads)
        results.initialize(repeating: ([:], []), count: threads)
        defer { results.deinitialize(count: threads); results.deallocate() }
        let slots = Unchecked(results)
        let group = DispatchGroup()
        for part in 1..<threads {
            DispatchQueue(label: "gridrender.measure").async(group: group) {
                // Pango objects are made, used and released on this thread; a failure to make
                // them leaves the part to be measured on demand.
                guard let context = try? makeContext() else { return }
                var sizes: [Key: Size] = [:]
                measure(part, TextLayout(context: context), into: &sizes, known: [:])
                slots.value[part] = (sizes, context.warnings)
            }
        }
        // This thread's part goes straight into the cache (no third dictionary at the peak).
        measure(0, layout, into: &cache, known: [:], shaped: shaped)
        group.wait()
        var warnings: [String] = []
        for part in 1..<threads {
            cache.reserveCapacity(cache.count + results[part].sizes.count)
            cache.merge(results[part].sizes) { old, _ in old }
            results[part].sizes = [:]   // each part is freed as soon as it is merged
            warnings += results[part].warnings
        }
        return warnings
    }

    /// The logical size of `text` laid out as the painter would in `width` points (nil = natural).
    func textSize(_ text: String, style: ResolvedStyle, width: Double?) -> Size {
        let key = Key(text: text, font: style.font, width: width ?? -1,
                      maxLines: width == nil ? 0 : style.maxLines, ellipsize: width == nil ? .none : style.ellipsize)
        if let size = cache[key] { return size }
        if width == nil, let size = shaped.measure(text, style: style) { cache[key] = size; return size }
        layout.prepare(text, style: style, width: width)
        let rect = layout.logicalRect
        let size = Size(width: rect.width, height: rect.height)
        cache[key] = size
        return size
    }
}
