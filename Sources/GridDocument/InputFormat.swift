/// The formats a document can be read from. `Document.load(path:)` picks one by extension;
/// `Document.load(path:as:)` (the CLI's `--input-format`) names it, which is how standard input
/// (`-`) can be YAML, CSV, TSV or Markdown instead of JSON.
public enum InputFormat: String, Sendable, Hashable, CaseIterable {
    case json, yaml, csv, tsv
    /// The first pipe table of a Markdown text.
    case md

    /// The format of a file extension (`yml` is YAML, `markdown` is Markdown), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "yml": self = .yaml
        case "markdown": self = .md
        default: self.init(rawValue: pathExtension.lowercased())
        }
    }
}

extension Document {
    /// Reads `path` (or standard input for `-`) as `format`, whatever its extension.
    /// Files larger than `maxInputBytes` are refused, as by `load(path:maxInputBytes:)`;
    /// `reading` (the CLI's `--delimiter`, `--na`) replaces the document's `data` settings.
    package static func load(path: String, as format: InputFormat,
                            maxInputBytes: Int = Document.defaultMaxInputBytes,
                            reading: DataReading = DataReading()) throws(DocumentError) -> Document {
        if path != "-", InputFormat(pathExtension: FileIO.fileExtension(path)) == format {
            return try load(path: path, maxInputBytes: maxInputBytes, reading: reading)
        }
        let bytes: [UInt8]
        switch FileIO.read(path, maxBytes: maxInputBytes) {
        case .success(let b): bytes = b
        case .failure(let e): throw DocumentError(file: path, "cannot read the file: \(e.reason)")
        }
        return try decode(bytes, as: format, path: path, maxInputBytes: maxInputBytes, reading: reading)
    }

    /// A document from the whole text of `path` (read already, as standard input must be) in `format`.
    static func decode(_ bytes: [UInt8], as format: InputFormat, path: String, maxInputBytes: Int,
                       reading: DataReading) throws(DocumentError) -> Document {
        func text() throws(DocumentError) -> String {
            guard let s = String(validating: bytes, as: UTF8.self) else {
                throw DocumentError(file: path, line: firstInvalidUTF8Line(bytes), "invalid UTF-8")
            }
            return s
        }
        var d: Document
        switch format {
        case .json:
            d = try decode(json: bytes, file: path)
            d.dataReading = d.dataReading.overridden(by: reading)
        case .yaml:
            d = try decode(yaml: try text(), file: path)
            d.dataReading = d.dataReading.overridden(by: reading)
        case .md:
            d = try decode(markdown: try text(), file: path, table: reading.markdownTable)
            d.blankMissingMarkdownCells(reading)
        case .csv, .tsv:
            // Inline rows whose first row is the header: prepared exactly like a CSV file.
            let read = try reading.table(bytes, tsv: format == .tsv, file: path)
            d = Document()
            d.file = path
            d.data = .rows(([read.table.header] + read.table.rows).map { row in
                row.map { $0.isEmpty ? Cell.empty : Cell(.text($0)) }
            })
            d.dataReading = reading
            d.dataReading.warnings += read.warnings
        }
        d.baseDirectory = path == "-" ? "." : FileIO.directory(of: path)
        d.maxInputBytes = maxInputBytes
        return d
    }

    /// Markdown cells that are missing-value tokens become empty (the table's data rows only).
    mutating func blankMissingMarkdownCells(_ reading: DataReading) {
        dataReading = dataReading.overridden(by: reading)
        if case .rows(let rows)? = data { data = .rows(dataReading.missing.blanking(rows)) }
    }
}
