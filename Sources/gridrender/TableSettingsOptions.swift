import ArgumentParser
import GridDocument

/// `--page`, `--rename`, `--wrap`, `--max-column-width`: document keys a CSV-only user can set
/// without writing a document (docs/CLI.md). `render`'s `--format KEY=SPEC` joins them there.
struct TableSettingsOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Paginate: a4, letter or WxH in points, optionally ,landscape; replaces the size of canvas.page (its other keys stay).",
                               valueName: "size[,landscape]"))
    var page: String?

    @Option(help: ArgumentHelp("Give a column a title (repeatable); replaces columns[i].title.", valueName: "key=title"))
    var rename: [String] = []

    @Flag(help: "Wrap cell text to the column width (with --max-column-width or a fixed width), as styles.cell.wrap does.")
    var wrap = false

    @Option(name: .customLong("max-column-width"), parsing: .unconditional,
            help: ArgumentHelp("No column wider than this many points (longer text is wrapped with --wrap, else cut with …).", valueName: "PT"))
    var maxColumnWidth: Double?

    /// The settings, with `render`'s column formats (`--format KEY=SPEC`); a bad value is one
    /// line naming the option.
    func settings(formats: [String] = []) throws -> TableSettings {
        do throws(DocumentError) {
            if let maxColumnWidth, !(maxColumnWidth > 0 && maxColumnWidth.isFinite) {
                throw DocumentError(keyPath: "--max-column-width", "expected a length > 0 points, found \(maxColumnWidth)")
            }
            return TableSettings(page: try page.map { (p) throws(DocumentError) in try PageSizeArgument.parse(p) },
                                 formats: try formats.map { (f) throws(DocumentError) in try ColumnFormatArgument(parsing: f) },
                                 renames: try rename.map { (r) throws(DocumentError) in try ColumnRenameArgument(parsing: r) },
                                 wrap: wrap, maxColumnWidth: maxColumnWidth)
        } catch {
            throw ValidationError("\(error.keyPath ?? ""): \(error.message)")
        }
    }
}
