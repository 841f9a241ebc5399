/// One layout run: the sanitized spec and the measurer. The table and item paths live in
/// `LayoutContext+Table.swift` and `LayoutContext+Items.swift`.
struct LayoutContext<Measurer: ContentMeasurer> {
    let spec: GridSpec
    let measurer: Measurer
    let measures: Bool
    let scale: Double
    let width: Double?
    let height: Double?
    let viewport: Rect?

    init(_ spec: GridSpec, measurer: Measurer) {
        self.spec = spec
        self.measurer = measurer
        measures = !(measurer is ZeroMeasurer)
        scale = spec.scale.sanitizedScale
        width = spec.width.map(\.sanitizedLength)
        height = spec.height.map(\.sanitizedLength)
        // The viewport origin snaps like an edge, so scrolled content stays on whole points.
        viewport = spec.viewport.map {
            Rect(x: AxisGeometry.snapLength($0.x.sanitizedCoordinate, snapping: spec.snapping),
                 y: AxisGeometry.snapLength($0.y.sanitizedCoordinate, snapping: spec.snapping),
                 width: $0.width.sanitizedLength, height: $0.height.sanitizedLength)
        }
    }

    func measuredWidth(row: Int, column: Int) -> Double {
        measures ? measurer.width(row: row, column: column).sanitizedLength : 0
    }

    func measuredHeight(row: Int, column: Int, width: Double) -> Double {
        measures ? measurer.height(row: row, column: column, width: width).sanitizedLength : 0
    }


    /// Track `index`'s size: its explicit entry, else the default.
    func trackSize(_ explicit: [TrackSize?], _ index: Int, _ fallback: TrackSize) -> TrackSize {
        index < explicit.count ? explicit[index] ?? fallback : fallback
    }

    /// Sizes and snaps one axis.
    func axis(_ sizes: [TrackSize], content: [Double], defaultMin: Double?, horizontal: Bool,
              container: Double?) -> AxisGeometry {
        let tracks = sizes.indices.map { index in
            SizingTrack(sizes[index], defaultMin: defaultMin, content: index < content.count ? content[index] : 0)
        }
        let spacing = horizontal ? spec.columnSpacing : spec.rowSpacing
        let overrides = horizontal ? spec.columnSpacings : spec.rowSpacings
        let gaps = (0..<Swift.max(0, tracks.count - 1)).map { index in
            index < overrides.count ? overrides[index] ?? spacing : spacing
        }
        let input = AxisSizingInput(
            tracks: tracks, gaps: gaps,
            leading: horizontal ? spec.margins.left : spec.margins.top,
            trailing: horizontal ? spec.margins.right : spec.margins.bottom,
            container: container,
            uniform: horizontal ? spec.uniformColumnWidths : spec.uniformRowHeights,
            policy: spec.minimumPolicy,
            distribution: horizontal ? spec.distribution.horizontal : spec.distribution.vertical)
        return AxisGeometry(AxisSizer.size(input), snapping: spec.snapping)
    }

    /// Canvas size, content size and regions.
    func finish(_ columnAxis: AxisGeometry, _ rowAxis: AxisGeometry, rowKinds: [RowKind], rowSections: [Int],
                cellMap: CellMap) -> Layout {
        let contentSize = Size(width: columnAxis.extent, height: rowAxis.extent)
        func canvas(_ container: Double?, _ viewportLength: Double?, _ content: Double) -> Double {
            if let length = container ?? viewportLength {
                return AxisGeometry.snapLength(length, snapping: spec.snapping)
            }
            return content
        }
        let size = Size(width: canvas(width, viewport?.width, contentSize.width),
                        height: canvas(height, viewport?.height, contentSize.height))
        let regions = RegionPlanner.regions(columns: columnAxis.tracks, rows: rowAxis.tracks, canvas: size,
                                            viewport: viewport, frozenRows: spec.frozenRows,
                                            frozenColumns: spec.frozenColumns)
        return Layout(scale: scale, size: size, contentSize: contentSize, columns: columnAxis.tracks,
                      rows: rowAxis.tracks, rowKinds: rowKinds, rowSections: rowSections, regions: regions,
                      cellMap: cellMap)
    }
}
