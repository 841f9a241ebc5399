import ArgumentParser
import Foundation
import GridDocument
import GridDrawing

/// Options shared by `render` and `layout`: they change how a document is prepared and measured.
struct DocumentOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "PNG pixels per point (0 < N ≤ 16); overrides canvas.scale.")
    var scale: Double?

    @Option(help: "A preset theme name (see `gridrender themes`) or a theme file.")
    var theme: String?

    @Option(parsing: .unconditional, help: "Canvas width in points; overrides canvas.width.")
    var width: Double?

    @Option(help: "pinned (deterministic: DejaVu, Noto, Noto CJK, Noto Color Emoji) or system (installed fonts).")
    var fonts: PreparedGrid.FontMode?

    @Option(name: .customLong("font-dir"),
            help: ArgumentHelp("A directory of pinned fonts; repeat for several. Replaces the default stack (DejaVu, Noto, Noto CJK, Noto Color Emoji).",
                               valueName: "dir"))
    var fontDirectories: [String] = []

    @Option(name: .customLong("input-format"),
            help: ArgumentHelp("Read inputs as json, yaml, csv, tsv or md whatever their extension (- is otherwise told from its bytes).",
                               valueName: "format"))
    var inputFormat: InputFormat?

    @Option(name: .customLong("max-input-size"), parsing: .unconditional,
            help: "The largest input file read, in bytes (documents and the data files they name; default 268435456, or GRIDRENDER_MAX_INPUT_BYTES).")
    var maxInputSize: Int?

    @Option(help: "Title text above the grid; replaces the document's title.")
    var title: String?

    @Option(help: ArgumentHelp("Tables: the columns to show, in order (keys or titles, comma-separated).", valueName: "a,b,c"))
    var columns: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Tables: sort rows by this column (numerically when it holds numbers); -KEY sorts descending.", valueName: "KEY"))
    var sort: String?

    @Flag(help: "With --sort: largest first.")
    var descending = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Keep the first N data rows (after sorting), or the first N items of an item grid.", valueName: "N"))
    var limit: Int?

    @Option(help: ArgumentHelp("light or dark: the page the picture is made for (a preset becomes its counterpart); render takes light,dark to write OUT-light and OUT-dark and print a <picture> snippet.",
                               valueName: "light|dark"))
    var appearance: String?

    @Option(help: ArgumentHelp("Canvas padding on every side, in points; replaces canvas.padding (a Markdown table, or a titled CSV or TSV one, gets 12 by default).",
                               valueName: "PT"))
    var padding: Double?

    @Flag(help: "Widen the columns to the canvas width (--width or canvas.width), as distribution: stretch does.")
    var stretch = false

    @Option(name: .customLong("allow-link-scheme"),
            help: ArgumentHelp("Also write links with this URL scheme (only http, https, mailto, relative and #fragment links are written by default; others are dropped with a warning); repeat for several. Adds to the document's linkSchemes.",
                               valueName: "scheme"))
    var allowLinkSchemes: [String] = []

    @OptionGroup var table: TableSettingsOptions

    @OptionGroup var csv: CSVOptions

    /// `--appearance` as a list (empty when not given); `check` has checked every name.
    var appearances: [Appearance] {
        (appearance ?? "").split(separator: ",").compactMap { Appearance(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased()) }
    }

    /// `--title`, `--columns`, `--sort`, `--descending`, `--limit` as document overrides.
    var overrides: DocumentOverrides {
        var sortOrder = sort.map(DocumentOverrides.Sort.init(parsing:))
        if descending { sortOrder?.descending = true }
        let names = columns.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
        return DocumentOverrides(title: title, columns: names, sort: sortOrder, limit: limit)
    }

    /// Run by the command after parsing (`CheckedAfterParsing`), so unknown options are reported first.
    func check() throws {
        _ = try table.settings()
        try csv.check()
        if let maxInputSize, maxInputSize < 1 {
            throw ValidationError("--max-input-size must be a positive number of bytes, got \(maxInputSize)")
        }
        if descending && sort == nil { throw ValidationError("--descending goes with --sort KEY") }
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, got \(limit)") }
        if let bad = allowLinkSchemes.first(where: { !LinkPolicy.isSchemeName($0) }) {
            throw ValidationError("--allow-link-scheme: expected a URL scheme name (a letter, then letters, digits, +, - or .; no colon), found \"\(Echo.short(bad))\"")
        }
        if let columns, columns.split(separator: ",").isEmpty { throw ValidationError("--columns needs at least one column") }
        if let scale, !(scale > 0 && scale <= 16) {
            throw ValidationError("--scale must be greater than 0 and at most 16, got \(scale)")
        }
        if let width, !(width > 0 && width.isFinite) {
            throw ValidationError("--width must be a positive number of points, got \(width)")
        }
        if let padding, !(padding >= 0 && padding.isFinite) {
            throw ValidationError("--padding must be a length of 0 or more points, got \(padding)")
        }
        if let appearance {
            let names = appearance.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if let bad = names.first(where: { Appearance(rawValue: $0) == nil }) {
                throw ValidationError("--appearance: expected light, dark or light,dark, found \"\(bad)\"")
            }
            if Set(names).count != names.count { throw ValidationError("--appearance names light and dark once each") }
        }
    }

    /// Loads and prepares one input, turning every bad input into a `DocumentError`.
    /// `appearance` replaces the document's (default: the one `--appearance` names, if one).
    /// `settings`: `--page`, `--format KEY=SPEC`, `--rename`, … as `table.settings(formats:)` made them.
    func prepare(_ path: String, appearance: Appearance? = nil, settings: TableSettings = TableSettings()) throws(DocumentError) -> PreparedGrid {
        let loaded = try Timings.span("load") { () throws(DocumentError) in try load(path, appearance: appearance, settings: settings) }
        return try loaded.prepare(theme: theme, width: width, scale: scale)
    }

    /// Loads one input with every option applied, not yet prepared (`diff` compares its data).
    func load(_ path: String, appearance: Appearance? = nil, settings: TableSettings = TableSettings()) throws(DocumentError) -> Document {
        let limit = maxInputSize ?? Document.defaultMaxInputBytes
        var document: Document
        if let inputFormat { document = try Document.load(path: path, as: inputFormat, maxInputBytes: limit, reading: csv.reading) }
        else { document = try Document.load(path: path, maxInputBytes: limit, reading: csv.reading) }
        document = try document.applying(overrides)
        document = try document.applying(settings)
        let format = inputFormat ?? document.dataReading.sniffedFormat ?? InputFormat(pathExtension: PathBytes.pathExtension(path))
        let preview = PreviewOptions(padding: padding, stretch: stretch, bareTable: [.csv, .tsv, .md].contains(format),
                                     markdown: format == .md)
        document = try document.applying(preview, width: width)
        if let appearance = appearance ?? (appearances.count == 1 ? appearances[0] : nil) { document.appearance = appearance }
        document.linkSchemes += allowLinkSchemes.map { $0.lowercased() }
        return document
    }

    func renderOptions(warnings: (@Sendable (String) -> Void)? = nil) -> RenderOptions {
        var options = RenderOptions(fonts: fonts, fontDirectories: fontDirectories, scale: scale)
        options.warningHandler = warnings
        return options
    }
}

extension PreparedGrid.FontMode: ExpressibleByArgument {}
extension InputFormat: ExpressibleByArgument {}
