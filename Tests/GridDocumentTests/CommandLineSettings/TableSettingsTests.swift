import GridLayout
import Testing
@testable import GridDocument

/// `TableSettings` (the CLI's `--page`, `--format KEY=SPEC`, `--rename`, `--wrap`,
/// `--max-column-width`) set what the document keys would, on a table with no `columns`.
@Suite struct TableSettingsTests {
    /// A record table: its columns exist only once the data is read.
    static let records = #"{"data": {"records": [{"name": "a", "price": 1234.5}, {"name": "b", "price": -2}]}}"#

    func texts(_ d: Document) throws -> [[String]] {
        let grid = try d.prepare()
        guard case .table(let t) = grid.spec.content else { return [] }
        return (0..<t.rows.count).map { r in
            (0..<t.columnCount).map { c in
                if case .text(let s) = grid.cells.content(row: r, column: c, item: nil) { return s }
                return ""
            }
        }
    }

    @Test func formatsAndRenamesReachTheCells() throws {
        let settings = TableSettings(formats: [try ColumnFormatArgument(parsing: "price=decimals:2,grouping,prefix:$")],
                                     renames: [try ColumnRenameArgument(parsing: "price=Unit price"), try ColumnRenameArgument(parsing: "name=Item")])
        let d = try json(Self.records).applying(settings)
        #expect(try texts(d) == [["Item", "Unit price"], ["a", "$1,234.50"], ["b", "-$2.00"]])
        // A format may name the column by its title once renamed in an earlier run's document.
        let again = try d.applying(TableSettings(formats: [try ColumnFormatArgument(parsing: "Unit price=decimals:0")]))
        #expect(try texts(again)[1] == ["a", "1235"])
    }

    @Test func pageWrapAndWidthCap() throws {
        let page = try PageSizeArgument.parse("letter,landscape")
        let d = try json(#"{"columns": [{"key": "a", "width": 300}, {"key": "b", "width": {"fill": 1, "max": 500}}, {"key": "c"}], "data": {"rows": [["x", "y", "z"]]}}"#)
            .applying(TableSettings(page: page, wrap: true, maxColumnWidth: 120))
        #expect(d.canvas.page == PreparedGrid.Page(width: 792, height: 612))
        #expect(d.styles.cell?.wrap == true)
        #expect(d.columns?.map(\.width) == [.fixed(120), .fill(1, max: 120), nil])
        #expect(d.layout.defaultColumnWidth == .auto(max: 120))
    }

    @Test func unknownColumnsAndItemGridsAreErrorsNamingTheOption() throws {
        let rename = documentError { () throws(DocumentError) in
            try json(Self.records).applying(TableSettings(renames: [try ColumnRenameArgument(parsing: "prce=Price")]))
        }
        #expect(rename?.keyPath == "--rename" && rename?.message.contains("did you mean \"price\"?") == true, "\(String(describing: rename))")
        let items = documentError { () throws(DocumentError) in
            try json(#"{"items": ["a", "b"]}"#).applying(TableSettings(formats: [try ColumnFormatArgument(parsing: "a=decimals:1")]))
        }
        #expect(items?.keyPath == "--format" && items?.message.contains("item grid") == true)
        #expect(documentError { () throws(DocumentError) in try ColumnRenameArgument(parsing: "no equals sign") }?.keyPath == "--rename")
    }
}
