import Foundation
public import GridDocument

/// Reading documents and themes from files and text. Errors are ``GridRenderError``s naming
/// the file, the line and the key path.
extension Document {
    /// Loads the document at `path`, its format from the extension: `.json`, `.yaml`/`.yml`,
    /// `.csv`, `.tsv` (a table with inferred columns), `.md` (the first pipe table); `-` reads
    /// JSON from standard input. Relative paths inside the document resolve against its folder.
    public static func load(path: String) throws(GridRenderError) -> Document {
        do { return try GridDocument.Document.load(path: path, maxInputBytes: defaultMaxInputBytes) } catch { throw GridRenderError(error) }
    }

    /// Loads the file at `path` (or standard input, `-`) as `format`, whatever its extension.
    public static func load(path: String, as format: InputFormat) throws(GridRenderError) -> Document {
        do { return try GridDocument.Document.load(path: path, as: format, maxInputBytes: defaultMaxInputBytes) } catch { throw GridRenderError(error) }
    }

    /// Loads the document at a file URL, its format from the extension.
    public static func load(url: URL) throws(GridRenderError) -> Document {
        try load(path: try filePath(reading: url))
    }

    /// Loads the document at a file URL as `format`, whatever its extension.
    public static func load(url: URL, as format: InputFormat) throws(GridRenderError) -> Document {
        try load(path: try filePath(reading: url), as: format)
    }

    /// Decodes a document from JSON or YAML text (JSON is YAML, so either works); `file` names
    /// it in error messages and relative paths inside it resolve against the working directory.
    public init(decoding text: String, as format: InputFormat = .json, file: String? = nil) throws(GridRenderError) {
        do throws(DocumentError) {
            switch format {
            case .json: self = try Document.decode(json: Array(text.utf8), file: file)
            case .yaml: self = try Document.decode(yaml: text, file: file)
            case .md: self = try Document.decode(markdown: text, file: file)
            case .csv, .tsv:
                throw DocumentError(file: file, "CSV and TSV are read from files: use Document.load(path:)")
            }
        } catch { throw GridRenderError(error) }
    }

    /// This document with `overrides` applied: what `gridrender render --title --columns
    /// --sort --limit` does (sorting, limiting and selecting columns read the table's data).
    public func applying(_ overrides: Overrides) throws(GridRenderError) -> Document {
        do { return try applyingOverrides(overrides) } catch { throw GridRenderError(error) }
    }
}

extension Theme {
    /// The theme in the JSON or YAML file at `path` (what `gridrender themes --show NAME`
    /// writes), its `extends` chain resolved; named after the file unless it says otherwise.
    public static func load(path: String) throws(GridRenderError) -> Theme {
        do { return try GridDocument.Theme.read(path: path) } catch { throw GridRenderError(error) }
    }

    /// The theme in the file at a file URL.
    public static func load(url: URL) throws(GridRenderError) -> Theme {
        try load(path: try Document.filePath(reading: url))
    }
}
