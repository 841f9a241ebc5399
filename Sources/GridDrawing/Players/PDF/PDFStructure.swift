import GridDocument
import GridLayout

/// The structure tree of a tagged PDF as the painter records it (issue 30): `Document` →
/// `Table` → `THead`/`TBody`/`TFoot` → `TR` → `TH`/`TD`, one element per cell in reading order, as
/// `StructureNode`s in the display lists that `CairoPlayer` plays as Cairo tags.
///
/// Cairo 1.16 writes the tree but no attributes: the entries it cannot write (a header's
/// `/Scope`, a span's `/ColSpan`/`/RowSpan`, the catalogue's `/MarkInfo`, `/Lang` and
/// `/ViewerPreferences`) are kept here, one per element in the order the elements are begun,
/// which is the order Cairo writes them, and `PDFStructureAttributes` adds them to Cairo's bytes.
/// A PDF is painted on one thread, in page order, so recording order is playing order.
final class PDFStructure {
    /// Each element begun, in order, with the entries Cairo does not write ("" for none).
    private(set) var attributes: [(kind: StructureNode.Kind, entry: String)] = []
    /// The document's language (BCP 47).
    let language: String
    /// The cells already in the tree, a bit per cell (row-major): a cell painted again (the
    /// header rows repeated on later pages) is not in the tree twice.
    private var tagged: [UInt64] = []
    private let columnCount: Int
    private var openRow: Int?
    private var section: StructureNode.Kind?
    /// Whether a cell (row, column) is in the tree from an earlier page: the project's writer
    /// paints pages on several threads, each with a structure of its own (`RenderJob.ownPDF`).
    var taggedBefore: ((Int, Int) -> Bool)?
    /// Whether the first column labels the rows (the document's `stub`): its body cells are
    /// `TH` with `/Scope /Row` (set by the project's writer).
    var rowHeaders = false
    /// The layout rows of the summaries that end the table (`GridAccessibility.footRows`): their
    /// rows go in a `TFoot` after the `TBody`.
    var footRows: Range<Int> = 0..<0
    private var lastWasRowHeader = false

    init(columnCount: Int, language: String = "en") {
        self.columnCount = max(1, columnCount)
        self.language = language
    }

    /// Marks `cell` tagged; false when it already was.
    private func markTagged(_ cell: PlacedCell) -> Bool {
        if let taggedBefore, taggedBefore(cell.row, cell.column) { return false }
        let index = cell.row * columnCount + cell.column
        let word = index >> 6, bit = UInt64(1) << UInt64(index & 63)
        if word >= tagged.count { tagged.append(contentsOf: repeatElement(0, count: word + 1 - tagged.count)) }
        guard tagged[word] & bit == 0 else { return false }
        tagged[word] |= bit
        return true
    }

    /// The catalogue entries Cairo does not write: the file is tagged, its language, and the
    /// window shows the title (Cairo writes `/Title` in the document information).
    var catalogEntries: String {
        "   /MarkInfo << /Marked true >>\n   /Lang \(PDFText.textString(language))\n   /ViewerPreferences << /DisplayDocTitle true >>\n"
    }

    func begin(_ kind: StructureNode.Kind, attributes entry: String = "", row: Int? = nil, into list: inout DisplayList) {
        attributes.append((kind, entry))
        list.append(.structure(.begin(kind, row: row)))
    }

    func end(_ kind: StructureNode.Kind, into list: inout DisplayList) {
        list.append(.structure(.end(kind)))
    }

    /// Begins `cell`'s element (and its row's, and its section's, when they change): `TH` with
    /// `/Scope /Column` in header rows, else `TD`; spans as `/ColSpan`/`/RowSpan`. False when the
    /// cell was tagged before (a repeated header row): it is painted as untagged content. The
    /// rows of `footRows` are the `TFoot`'s.
    func beginCell(_ cell: PlacedCell, header: Bool, into list: inout DisplayList) -> Bool {
        guard markTagged(cell) else { return false }
        let kind: StructureNode.Kind = header ? .head : footRows.contains(cell.row) ? .foot : .body
        if section != kind {
            closeSection(into: &list)
            begin(kind, into: &list)
            section = kind
        }
        if openRow != cell.row {
            closeRow(into: &list)
            begin(.row, row: cell.row, into: &list)
            openRow = cell.row
        }
        let rowHeader = !header && rowHeaders && cell.column == 0
        lastWasRowHeader = rowHeader
        var entries: [String] = header ? ["/Scope /Column"] : rowHeader ? ["/Scope /Row"] : []
        if cell.columnSpan > 1 { entries.append("/ColSpan \(cell.columnSpan)") }
        if cell.rowSpan > 1 { entries.append("/RowSpan \(cell.rowSpan)") }
        begin(header || rowHeader ? .header : .cell, attributes: entries.isEmpty ? "" : "   /A << /O /Table \(entries.joined(separator: " ")) >>\n", into: &list)
        return true
    }

    func endCell(header: Bool, into list: inout DisplayList) {
        end(header || lastWasRowHeader ? .header : .cell, into: &list)
    }

    /// Ends the open row: a region ends (its rows are done on this page).
    func closeRow(into list: inout DisplayList) {
        if openRow != nil { end(.row, into: &list) }
        openRow = nil
    }

    /// Ends the open row and section (`THead`/`TBody`/`TFoot`).
    func closeSection(into list: inout DisplayList) {
        closeRow(into: &list)
        if let section { end(section, into: &list) }
        section = nil
    }
}
