import GridDocument
import GridLayout

/// A lower bound of a table's canvas in pixels from what is known before any text is measured:
/// the row count and the fixed track lengths (and the minimums of auto tracks). A PNG whose
/// bound is already over the limits is refused at once instead of after measuring every cell
/// (seconds for 100,000 rows). The bound never exceeds the laid-out size: tracks of unknown
/// length count as 0, and each track gets a point and a pixel of slack for snapping.
enum CanvasEstimate {
    /// The bound (width, height) in pixels; 0 along an axis the canvas fixes or nothing bounds.
    static func minimumPixels(_ grid: PreparedGrid) -> (width: Double, height: Double) {
        guard case .table(let table) = grid.spec.content else { return (0, 0) }
        let spec = grid.spec, s = grid.scale
        func bound(_ sizes: [TrackSize?], count: Int, fallback: TrackSize?, minimum: Double?) -> Double {
            var total = 0.0
            for i in 0..<count {
                total += length(i < sizes.count ? sizes[i] ?? fallback : fallback, minimum: minimum)
            }
            // Snapping moves each edge by at most half a point, then scale multiplies: a point
            // and a pixel of slack per track.
            return max(0, total * s - Double(count + 1) * (s + 1))
        }
        let height = grid.canvasHeight == nil
            ? bound(spec.rowHeights, count: table.rows.count, fallback: spec.defaultRowHeight, minimum: spec.minimumRowHeight) : 0
        let width = grid.canvasWidth == nil
            ? bound(spec.columnWidths, count: table.columnCount, fallback: spec.defaultColumnWidth, minimum: spec.minimumColumnWidth) : 0
        return (width, height)
    }

    /// A track's certain length in points: fixed lengths, and the minimum of an auto track.
    private static func length(_ size: TrackSize?, minimum: Double?) -> Double {
        func clean(_ v: Double?) -> Double { guard let v, v.isFinite, v > 0 else { return 0 }; return min(v, 1e9) }
        guard let size else { return clean(minimum) }
        switch size.kind {
        case .fixed(let v): return clean(v)
        case .auto: return clean(size.min ?? minimum)
        default: return 0
        }
    }

    /// Throws the PNG limits error when the bound is already over them.
    static func check(_ grid: PreparedGrid) throws {
        let (w, h) = minimumPixels(grid)
        let side = Double(RenderJob.maxPixelsPerSide)
        guard w <= side, h <= side, w * h <= Double(RenderJob.maxPixels) else {
            throw RenderError("the table is at least \(Int(min(w, 1e18)))×\(Int(min(h, 1e18))) px, too large for a PNG (at most \(RenderJob.maxPixelsPerSide) px per side and \(RenderJob.maxPixels) px in all)", badInput: true)
        }
    }
}
