/// The width and height each cell of a table measured to (padding included, rounded up), kept
/// so the layout's questions about a cell are answered again without resolving its style and
/// hashing its text (people-10000: 160,000 questions). Unknown until measured, and never known
/// where the answer depends on more than the cell: a decimal column's width, a wrapped height.
///
/// `@unchecked Sendable`: lanes measuring at once write only the cells of their own rows
/// (`TextMeasurer.prewarm`), and the layout reads after every lane is done.
final class CellSizeMemo: @unchecked Sendable {
    let rows: Int
    let columns: Int
    private let widths: UnsafeMutablePointer<Float>
    private let heights: UnsafeMutablePointer<Float>

    /// Nil for an empty table, or one too big to keep a memo for (over `maxCells`).
    init?(rows: Int, columns: Int) {
        let (cells, overflow) = rows.multipliedReportingOverflow(by: columns)
        guard rows > 0, columns > 0, !overflow, cells <= CellSizeMemo.maxCells else { return nil }
        self.rows = rows
        self.columns = columns
        widths = .allocate(capacity: cells)
        widths.initialize(repeating: .nan, count: cells)
        heights = .allocate(capacity: cells)
        heights.initialize(repeating: .nan, count: cells)
    }

    deinit {
        widths.deallocate()
        heights.deallocate()
    }

    /// 8 bytes a cell: 80 MiB at this size.
    static let maxCells = 10_000_000

    private func index(_ row: Int, _ column: Int) -> Int? {
        row >= 0 && row < rows && column >= 0 && column < columns ? row * columns + column : nil
    }

    func width(_ row: Int, _ column: Int) -> Double? { index(row, column).flatMap { Self.read(widths[$0]) } }
    func height(_ row: Int, _ column: Int) -> Double? { index(row, column).flatMap { Self.read(heights[$0]) } }

    func setWidth(_ value: Double, _ row: Int, _ column: Int) {
        if let i = index(row, column), let v = Self.stored(value) { widths[i] = v }
    }

    func setHeight(_ value: Double, _ row: Int, _ column: Int) {
        if let i = index(row, column), let v = Self.stored(value) { heights[i] = v }
    }

    private static func read(_ value: Float) -> Double? { value.isNaN ? nil : Double(value) }

    /// `value` as a Float when that is exact (lengths are whole points), else nil: not kept.
    private static func stored(_ value: Double) -> Float? {
        let v = Float(value)
        return Double(v) == value ? v : nil
    }
}
