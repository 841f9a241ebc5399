import Testing
@testable import GridDocument

/// `Document.generatedAltText`: title, counts, column names and numeric ranges from the data.
@Suite struct AltTextTests {
    static func table(_ rows: [[Document.Cell]], columns: [Document.Column]? = nil, title: String? = nil) -> Document {
        var d = Document()
        d.columns = columns
        d.data = .rows(rows)
        d.title = title
        return d
    }

    @Test func titleCountsColumnsAndRanges() throws {
        var revenue = Document.Column(key: "revenue", title: "Revenue")
        revenue.format = NumberFormatSpec(decimals: 1, grouping: true)
        let d = Self.table([["North", 410], ["South", 4067], ["East", 1999.5]],
                           columns: [Document.Column(key: "region", title: "Region"), revenue], title: "Quarterly revenue")
        #expect(try d.generatedAltText() == "Table: Quarterly revenue. 3 rows, 2 columns: Region, Revenue. Revenue from 410.0 to 4,067.0.")
    }

    /// Untitled, inferred columns (first row names them), a column with text is not a range,
    /// empty cells are skipped, numbers without a format show as written.
    @Test func untitledAndAsWritten() throws {
        let d = Self.table([["city", "n", "note"], ["Oslo", "0012", "a"], ["Bergen", "", "7"], ["Bodø", "-3.50", "b"]])
        #expect(try d.generatedAltText() == "Table. 3 rows, 3 columns: city, n, note. n from -3.50 to 0012.")
    }

    /// Generated: N columns list at most 12 names, then "and K more"; at most 4 ranges.
    @Test(arguments: [1, 4, 12, 13, 40])
    func longTablesStayShort(columns: Int) throws {
        let header = (0..<columns).map { Document.Cell(.text("c\($0)")) }
        let rows = (0..<3).map { r in (0..<columns).map { Document.Cell(.text("\(r * 10 + $0)")) } }
        let text = try Self.table([header] + rows).generatedAltText()
        let names = (0..<min(columns, 12)).map { "c\($0)" }.joined(separator: ", ")
        #expect(text.hasPrefix("Table. 3 rows, \(columns) column\(columns == 1 ? "" : "s"): \(names)" + (columns > 12 ? ", and \(columns - 12) more." : ".")))
        #expect(text.components(separatedBy: " from ").count - 1 == min(columns, 4))
    }

    @Test func itemGrids() throws {
        var d = Document()
        d.items = .count(12)
        #expect(try d.generatedAltText() == "Grid of 12 items.")
        d.title = "Team"
        d.items = .count(1)
        #expect(try d.generatedAltText() == "Grid of 1 item: Team.")
    }
}
