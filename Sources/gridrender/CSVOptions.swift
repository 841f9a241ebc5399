import ArgumentParser
import GridDocument

/// `--na` and `--delimiter`: how CSV, TSV and Markdown data text is read (`DataReading`); they
/// replace the document's `data.na` and `data.delimiter`.
struct CSVOptions: ParsableArguments {
    @Option(name: .customLong("na"),
            help: ArgumentHelp("A missing-value token of CSV, TSV and Markdown cells; repeat for several. Replaces the default list (empty, NA, N/A, NaN, nan, null, NULL, #N/A, None); --na '' keeps only the empty cell.",
                               valueName: "TOKEN"))
    var missingTokens: [String] = []

    @Option(help: ArgumentHelp("The CSV field delimiter: one character, or \\t or tab (default: sniffed among , ; tab |; a .tsv file uses tab).",
                               valueName: "C"))
    var delimiter: String?

    /// Run by `DocumentOptions.check()` after parsing, so an unknown option is reported first (CheckedAfterParsing).
    func check() throws {
        if let delimiter, case .failure(let e) = CSVDelimiter.parse(delimiter) {
            throw ValidationError("--delimiter: \(e.reason)")
        }
    }

    @Option(help: ArgumentHelp("Markdown input: read the N-th pipe table (from 1), or the first under the heading HEADING, instead of the first.",
                               valueName: "N|HEADING"))
    var table: String?

    /// The settings to read the inputs with (nil fields keep the document's).
    var reading: DataReading {
        var r = DataReading()
        r.markdownTable = table.map(MarkdownTableChoice.init)
        if let delimiter, case .success(let b) = CSVDelimiter.parse(delimiter) { r.delimiter = b }
        if !missingTokens.isEmpty { r.missingTokens = missingTokens }
        return r
    }
}
