import ArgumentParser
import GridDocument
import GridDrawing

/// Options shared by `render` and `layout`: they change how a document is prepared and measured.
struct DocumentOptions: ParsableArguments {
    @Option(help: "PNG pixels per point (0 < N ≤ 16); overrides canvas.scale.")
    var scale: Double?

    @Option(help: "A preset theme name (see `gridrender themes`) or a theme file.")
    var theme: String?

    @Option(help: "Canvas width in points; overrides canvas.width.")
    var width: Double?

    @Option(help: "pinned (deterministic, DejaVu only) or system (installed fonts).")
    var fonts: PreparedGrid.FontMode?

    @Option(name: .customLong("font-dir"), help: "The directory of pinned fonts (default /usr/share/fonts/truetype/dejavu).")
    var fontDirectory: String?

    @Option(name: .customLong("max-input-size"),
            help: "The largest input file read, in bytes (documents and the data files they name; default 268435456, or GRIDRENDER_MAX_INPUT_BYTES).")
    var maxInputSize: Int?

    func validate() throws {
        if let maxInputSize, maxInputSize < 1 {
            throw ValidationError("--max-input-size must be a positive number of bytes, got \(maxInputSize)")
        }
        if let scale, !(scale > 0 && scale <= 16) {
            throw ValidationError("--scale must be greater than 0 and at most 16, got \(scale)")
        }
        if let width, !(width > 0 && width.isFinite) {
            throw ValidationError("--width must be a positive number of points, got \(width)")
        }
    }

    /// Loads and prepares one input, turning every bad input into a `DocumentError`.
    func prepare(_ path: String) throws(DocumentError) -> PreparedGrid {
        try Document.load(path: path, maxInputBytes: maxInputSize ?? Document.defaultMaxInputBytes)
            .prepare(theme: theme, width: width, scale: scale)
    }

    func renderOptions(warnings: (@Sendable (String) -> Void)? = nil) -> RenderOptions {
        var options = RenderOptions(fonts: fonts, fontDirectory: fontDirectory, scale: scale)
        options.warningHandler = warnings
        return options
    }
}

extension PreparedGrid.FontMode: ExpressibleByArgument {}
