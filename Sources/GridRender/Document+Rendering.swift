import Foundation

/// Rendering a document straight to a file or to bytes.
///
/// Each call prepares the document (reads its data files, applies the theme), lays it out and
/// paints it with its own font map, so calls are independent and may run on different threads.
/// Errors are `DocumentError` for bad input (with file, line and key path) and
/// `RenderError` for failures while drawing or writing.
extension Document {
    /// Renders to `path`; the format comes from the extension (`.png`, `.svg`, `.pdf`). The file
    /// is written atomically: on error an existing file is left untouched.
    public func render(to path: String, theme: String? = nil, options: RenderOptions = RenderOptions()) throws {
        try GridRenderer.render(prepare(theme: theme), to: path, options: options)
    }

    /// The document as a PNG image. `scale` (PNG pixels per point) overrides `canvas.scale`.
    public func pngData(scale: Double? = nil, theme: String? = nil, options: RenderOptions = RenderOptions()) throws -> Data {
        var options = options
        if let scale { options.scale = scale }
        return try data(.png, theme: theme, scale: scale, options: options)
    }

    /// The document as an SVG image (sizes in points, deterministic ids).
    public func svgData(theme: String? = nil, options: RenderOptions = RenderOptions()) throws -> Data {
        try data(.svg, theme: theme, scale: nil, options: options)
    }

    /// The document as a PDF (paginated when `canvas.page` is set).
    public func pdfData(theme: String? = nil, options: RenderOptions = RenderOptions()) throws -> Data {
        try data(.pdf, theme: theme, scale: nil, options: options)
    }

    /// Where every column, row and cell goes, in points after pixel snapping: what
    /// `gridrender layout` prints (`layout().json(units: .points)`).
    public func layout(theme: String? = nil, options: RenderOptions = RenderOptions()) throws -> Layout {
        try GridRenderer.layout(prepare(theme: theme), options: options)
    }

    private func data(_ format: OutputFormat, theme: String?, scale: Double?, options: RenderOptions) throws -> Data {
        Data(try GridRenderer.render(prepare(theme: theme, scale: scale), format: format, options: options))
    }
}
