import GridDocument
import GridLayout

/// Decimal alignment puts the '.' of every `decimal` cell of a column at one x, so it needs the
/// whole column: the widest part before the point (head) and after it (tail). Computed once per
/// column and shared by the measurer (an auto column is head + tail wide, which can be more than
/// any one cell) and the painter (the point sits `tail` from the right edge).
final class DecimalColumns {
    private let source: CellSource
    private let rowKinds: [RowKind]
    private let layout: TextLayout
    private var extents: [Int: (head: Double, tail: Double)] = [:]

    typealias Extents = [Int: (head: Double, tail: Double)]

    /// `rowKinds`: the table's rows (section rows hold no column cells); empty in item mode.
    /// `known`: extents another context of the same grid computed (`computed`, read on that
    /// context's thread), so another painting thread's copy need not lay the column out again.
    init(source: CellSource, rowKinds: [RowKind], context: TextContext, known: Extents = [:]) {
        self.source = source
        self.rowKinds = rowKinds
        layout = TextLayout(context: context)
        extents = known
    }

    /// The extents computed so far.
    var computed: Extents { extents }

    func extent(column: Int) -> (head: Double, tail: Double) {
        if let extent = extents[column] { return extent }
        var head = 0.0, tail = 0.0
        for (row, kind) in rowKinds.enumerated() where kind != .section {
            let style = source.style(row: row, column: column, item: nil)
            guard style.align == .decimal, case .text(let string) = source.content(row: row, column: column, item: nil),
                  !string.isEmpty else { continue }
            layout.prepare(string, style: style, width: nil)
            let width = layout.logicalRect.width
            let point = DecimalColumns.pointX(string, width: width, in: layout, separator: source.decimalSeparator(column: column))
            head = max(head, point)
            tail = max(tail, width - point)
        }
        extents[column] = (head, tail)
        return (head, tail)
    }

    /// x of the first decimal separator (`.` unless the column's format says otherwise) of
    /// `string`, already prepared in `layout`; without one, where its footnote marks start (a
    /// mark never moves the number), else its width.
    static func pointX(_ string: String, width: Double, in layout: TextLayout, separator: String = ".") -> Double {
        if separator == ".", let dot = string.utf8.firstIndex(of: UInt8(ascii: ".")) {
            return layout.x(ofByteIndex: string.utf8.distance(from: string.utf8.startIndex, to: dot))
        }
        if separator != ".", !separator.isEmpty, let range = string.range(of: separator) {
            return layout.x(ofByteIndex: string.utf8.distance(from: string.utf8.startIndex, to: range.lowerBound))
        }
        var markStart: String.UnicodeScalarView.Index?
        for i in string.unicodeScalars.indices.reversed() {
            guard Document.FootnoteMarks.isMarkScalar(string.unicodeScalars[i]) || string.unicodeScalars[i] == "," else { break }
            markStart = i
        }
        guard let markStart, markStart > string.startIndex else { return width }
        return layout.x(ofByteIndex: string.utf8.distance(from: string.utf8.startIndex, to: markStart))
    }
}
