/// Entry points: read a document file (JSON, YAML, CSV, TSV or stdin) or decode text in memory.
extension Document {
    /// Loads by extension: `.json`, `.yaml`/`.yml`, `.csv`, `.tsv`, `.md` (the first pipe table);
    /// `-` reads standard input, whose format is told from its bytes (`InputFormat.sniff`).
    /// A CSV or TSV file alone is a table document with inferred columns and the default
    /// theme. Relative paths inside the document resolve against its directory.
    ///
    /// Files larger than `maxInputBytes` (the document, and the CSV, TSV and JSON data files it
    /// names) are refused before they are read. `reading` (the CLI's `--delimiter` and `--na`)
    /// replaces the document's `data.delimiter` and `data.na`.
    package static func load(path: String, maxInputBytes: Int = Document.defaultMaxInputBytes,
                             reading: DataReading = DataReading()) throws(DocumentError) -> Document {
        if path == "-" {
            let bytes: [UInt8]
            switch FileIO.read(path, maxBytes: maxInputBytes) {
            case .success(let b): bytes = b
            case .failure(let e): throw DocumentError(file: path, "cannot read the file: \(e.reason)")
            }
            guard let format = InputFormat.sniff(bytes) else {
                throw DocumentError(file: path, "cannot tell whether standard input is JSON, YAML, CSV or Markdown; name its format with --input-format json|yaml|csv|tsv|md")
            }
            var d = try decode(bytes, as: format, path: path, maxInputBytes: maxInputBytes, reading: reading)
            d.dataReading.sniffedFormat = format
            return d
        }
        let ext = FileIO.fileExtension(path)
        let base = FileIO.directory(of: path)
        switch ext {
        case "csv", "tsv":
            guard FileIO.exists(path) else { throw DocumentError(file: path, "cannot read the file: no such file") }
            var d = Document()
            d.file = path
            d.baseDirectory = base
            d.maxInputBytes = maxInputBytes
            d.dataReading = reading
            let name = path.split(separator: "/").last.map(String.init) ?? path
            d.data = ext == "csv" ? .csv(path: name) : .tsv(path: name)
            return d
        case "md", "markdown":
            let bytes: [UInt8]
            switch FileIO.read(path, maxBytes: maxInputBytes) {
            case .success(let b): bytes = b
            case .failure(let e): throw DocumentError(file: path, "cannot read the file: \(e.reason)")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw DocumentError(file: path, line: firstInvalidUTF8Line(bytes), "invalid UTF-8")
            }
            var d = try decode(markdown: text, file: path, table: reading.markdownTable)
            d.blankMissingMarkdownCells(reading)
            d.baseDirectory = base
            d.maxInputBytes = maxInputBytes
            return d
        case "json", "yaml", "yml":
            let bytes: [UInt8]
            switch FileIO.read(path, maxBytes: maxInputBytes) {
            case .success(let b): bytes = b
            case .failure(let e): throw DocumentError(file: path, "cannot read the file: \(e.reason)")
            }
            var d: Document
            if ext == "json" {
                d = try decode(json: bytes, file: path)
            } else {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw DocumentError(file: path, line: firstInvalidUTF8Line(bytes), "invalid UTF-8")
                }
                d = try decode(yaml: text, file: path)
            }
            d.dataReading = d.dataReading.overridden(by: reading)
            d.baseDirectory = base
            d.maxInputBytes = maxInputBytes
            return d
        default:
            throw DocumentError(file: path, "unsupported input type \(ext.isEmpty ? "(no extension)" : "`.\(ext)`"); expected .json, .yaml, .yml, .csv, .tsv or .md")
        }
    }

    /// Decodes a JSON document. `file` names it in error messages.
    package static func decode(json: [UInt8], file: String? = nil) throws(DocumentError) -> Document {
        let node = try NodeJSONParser.parse(json, file: file)
        return try NodeDecoder(file: file).document(node)
    }

    /// Decodes a YAML document with the same keys as JSON.
    package static func decode(yaml: String, file: String? = nil) throws(DocumentError) -> Document {
        let node = try NodeYAMLReader.parse(yaml, file: file)
        return try NodeDecoder(file: file).document(node)
    }

    /// Decodes an already parsed value tree.
    package static func decode(node: Node, file: String? = nil) throws(DocumentError) -> Document {
        try NodeDecoder(file: file).document(node)
    }

    /// Parses a JSON or YAML file (by extension) into a value tree.
    static func parseTree(path: String, displayName: String, maxBytes: Int = Document.defaultMaxInputBytes) throws(DocumentError) -> Node {
        let bytes: [UInt8]
        switch FileIO.read(path, maxBytes: maxBytes) {
        case .success(let b): bytes = b
        case .failure(let e): throw DocumentError(file: displayName, "cannot read the file: \(e.reason)")
        }
        let ext = FileIO.fileExtension(path)
        if ext == "yaml" || ext == "yml" {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw DocumentError(file: displayName, line: firstInvalidUTF8Line(bytes), "invalid UTF-8")
            }
            return try NodeYAMLReader.parse(text, file: displayName)
        }
        return try NodeJSONParser.parse(bytes, file: displayName)
    }

    static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var line = 1, start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            if String(validating: bytes[start..<i], as: UTF8.self) == nil { return line }
            line += 1; start = i + 1
        }
        return line
    }
}
