/// How the text of a table's data is read: the CSV delimiter and the missing-value tokens.
///
/// Set by the document's `data.delimiter` and `data.na` (with `data.csv` or `data.tsv`) and by
/// the CLI's `--delimiter` and `--na`, which replace the document's. JSON and YAML values are
/// typed (`null` is the missing value, a string is text), so the tokens apply to CSV, TSV and
/// Markdown cells only.
package struct DataReading: Sendable, Hashable {
    /// The forced delimiter; nil sniffs CSV (``CSVDelimiter/sniff(_:)``) and reads TSV with tabs.
    package var delimiter: UInt8?
    /// The missing-value tokens; nil is ``MissingValues/defaultTokens``.
    package var missingTokens: [String]?
    /// Warnings met while reading data before `prepare` (standard input, `--sort`), which
    /// `prepare` reports with its own.
    package var warnings: [String] = []
    /// Which table of a Markdown input is read (`--table N|HEADING`); nil, the first.
    package var markdownTable: MarkdownTableChoice?
    /// The format standard input was told to be from its bytes (`InputFormat.sniff`), so the CLI
    /// presents `cat t.md | gridrender render -` as it presents `t.md`; nil for a named file.
    package var sniffedFormat: InputFormat?

    package init(delimiter: UInt8? = nil, missingTokens: [String]? = nil) {
        self.delimiter = delimiter; self.missingTokens = missingTokens
    }

    package var missing: MissingValues { missingTokens.map(MissingValues.init) ?? .standard }

    /// These settings with those `other` sets replacing them (the CLI's over the document's).
    package func overridden(by other: DataReading) -> DataReading {
        var r = self
        if let d = other.delimiter { r.delimiter = d }
        if let m = other.missingTokens { r.missingTokens = m }
        r.warnings += other.warnings
        return r
    }

    /// Parses CSV (`tsv` false) or TSV text with these settings: the delimiter forced or
    /// sniffed, missing values blanked. Returns the table and the nearly-numeric warnings,
    /// which name the input as `file` (standard input as `standard input`).
    package func table(_ bytes: [UInt8], tsv: Bool, file: String, budget: InputBudget = .standard,
                       maxRows: Int? = nil) throws(DocumentError) -> (table: CSVTable, warnings: [String]) {
        let delimiter = self.delimiter ?? (tsv ? 0x09 : CSVDelimiter.sniff(bytes))
        var table = try CSVParser.parse(bytes, delimiter: delimiter, file: file, budget: budget, maxRows: maxRows)
        table.blankMissing(missing)
        return (table, table.nearlyNumericWarnings(file: file == "-" ? "standard input" : file))
    }
}
