import Foundation
public import GridDocument
internal import GridDrawing

/// Rendering a document to a file, to bytes, or to its layout.
///
/// Each call prepares the document (reads its data files, applies the theme), lays it out and
/// paints it with its own font map, so calls are independent and may run on several threads at
/// once; the same document gives byte-identical output. Every call throws ``GridRenderError``.
/// Each has an `async` twin of the same name that does the work on a Dispatch thread, off
/// Swift's cooperative pool: `let png = try await doc.pngData()`.
extension Document {
    /// Renders to the file at `path`, in the format of its extension (`.png`, `.svg`, `.pdf`).
    /// The file is written atomically: on error an existing file is left untouched.
    ///
    /// - Parameters:
    ///   - path: the output file; its extension picks the format.
    ///   - theme: replaces the document's theme for this call.
    ///   - options: fonts, PNG compression and filter, a font-warning handler.
    public func render(to path: String, theme: Theme? = nil, options: RenderOptions = RenderOptions()) throws(GridRenderError) {
        let ext = path.split(separator: "/").last?.split(separator: ".").dropFirst().last?.lowercased()
        guard let ext, ["png", "svg", "pdf"].contains(ext) else {
            throw .unrenderable(message: "\(path): unknown output format; use .png, .svg or .pdf")
        }
        let grid = try prepared(theme: theme)
        try translatingErrors { try GridRenderer.render(grid, to: path, options: options) }
    }

    /// Renders to the file at `url` (a file URL), in the format of its extension.
    public func render(to url: URL, theme: Theme? = nil, options: RenderOptions = RenderOptions()) throws(GridRenderError) {
        try render(to: try Self.filePath(writing: url), theme: theme, options: options)
    }

    /// The document as a PNG image. `scale` (PNG pixels per point) overrides `canvas.scale`.
    public func pngData(scale: Double? = nil, theme: Theme? = nil, options: RenderOptions = RenderOptions()) throws(GridRenderError) -> Data {
        var options = options
        if let scale { options.scale = scale }
        return try data(.png, theme: theme, scale: scale, options: options)
    }

    /// The document as an SVG image (sizes in points, deterministic ids).
    public func svgData(theme: Theme? = nil, options: RenderOptions = RenderOptions()) throws(GridRenderError) -> Data {
        try data(.svg, theme: theme, scale: nil, options: options)
    }

    /// The document as a PDF (paginated when `canvas.page` is set, e.g. `.a4`).
    public func pdfData(theme: Theme? = nil, options: RenderOptions = RenderOptions()) throws(GridRenderError) -> Data {
        try data(.pdf, theme: theme, scale: nil, options: options)
    }

    /// Where every column, row and cell goes, in points after pixel snapping: what
    /// `gridrender layout` prints (`layout().json(units: .points)`).
    public func layout(theme: Theme? = nil, options: RenderOptions = RenderOptions()) throws(GridRenderError) -> Layout {
        let grid = try prepared(theme: theme)
        return Layout(try translatingErrors { try GridRenderer.layout(grid, options: options) })
    }

    /// The document prepared for drawing, with `theme` replacing its own.
    func prepared(theme: Theme?, scale: Double? = nil) throws(GridRenderError) -> PreparedGrid {
        var document = self
        if let theme { document.theme = ThemeReference(theme) }
        do { return try document.prepare(scale: scale) } catch { throw GridRenderError(error) }
    }

    private func data(_ format: OutputFormat, theme: Theme?, scale: Double?, options: RenderOptions) throws(GridRenderError) -> Data {
        let grid = try prepared(theme: theme, scale: scale)
        return Data(try translatingErrors { try GridRenderer.render(grid, format: format, options: options) })
    }

    /// The path of a file URL to write; other URLs cannot be written.
    static func filePath(writing url: URL) throws(GridRenderError) -> String {
        guard url.isFileURL else {
            throw .unrenderable(message: "cannot write to \(url.absoluteString): only file URLs can be written")
        }
        return url.path
    }

    /// The path of a file URL to read; another URL is an input that cannot be read.
    static func filePath(reading url: URL) throws(GridRenderError) -> String {
        guard url.isFileURL else {
            throw .invalidDocument(file: url.absoluteString, line: nil, keyPath: nil,
                                   message: "cannot read it: only file URLs can be read")
        }
        return url.path
    }
}
