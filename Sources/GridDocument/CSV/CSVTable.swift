/// A parsed CSV or TSV file: the first record is the header, the rest are data rows.
///
/// Rows are kept as plain strings; type inference (numbers, right alignment) happens later
/// in column inference, so the parser never guesses and never loses text such as `007`.
package struct CSVTable: Sendable, Hashable {
    /// Field names from the first record.
    public var header: [String]
    /// Data rows; every row has exactly `header.count` fields (the parser rejects ragged rows).
    public var rows: [[String]]
    /// 1-based line where each data row starts, parallel to `rows`; quoted fields can span
    /// lines, so this is what error messages about a row (bad number, bad colour) should cite.
    public var rowLines: [Int]

    public init(header: [String], rows: [[String]], rowLines: [Int]) {
        self.header = header; self.rows = rows; self.rowLines = rowLines
    }
}
