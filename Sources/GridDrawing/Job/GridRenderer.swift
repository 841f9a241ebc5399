import Dispatch
import GridDocument
import GridLayout

/// The drawing module's entry points, used by the CLI and the snapshot module.
/// Every call is self-contained (its own font map and Pango context), so calls may run on
/// different threads at once; the same input gives byte-identical output.
///
/// Choices worth knowing:
/// - Font sizes are Pango points at 96 dpi (Pango's default, as in CSS): "DejaVu Sans 9" is 12
///   canvas points tall, the same as the C baseline. Layout lengths are canvas points.
/// - Content sizes (auto tracks) are rounded up to whole pixels so snapping never ellipsizes a
///   column's own widest cell; a decimal-aligned column is its widest head plus widest tail.
/// - Grid lines and borders are whole device pixels (never thinner than one), centred on inner
///   edges and inset at the grid's outer edges; without an `outer` line the horizontal and
///   vertical families draw the outer edges too. Vertical lines stop at section rows and spans.
/// - PNG is RGB when the canvas background is opaque, else RGBA; SVG is in points (px units)
///   with ids renumbered; PDF pages are the document's size, or `page` with rows paginated and a
///   grid wider than the page scaled down to fit.
/// - Item-mode tracks are not content-measured: a cell's item index is unknown before placement.
package enum GridRenderer {
    /// The grid's layout as the renderer computes it: the grid area (canvas minus padding and
    /// text blocks), text measured with Pango. This is what `gridrender layout` prints.
    package static func layout(_ grid: PreparedGrid, options: RenderOptions = RenderOptions()) throws -> Layout {
        let job = try RenderJob(grid, options: options)
        job.reportWarnings()
        return job.layout
    }

    /// Renders into memory.
    package static func render(_ grid: PreparedGrid, format: OutputFormat, options: RenderOptions = RenderOptions()) throws -> [UInt8] {
        let job = try RenderJob(grid, options: options, format: format)
        if format == .png { _ = try job.pixelSize() }
        try OutputLimits.check(job.layout, canvas: job.frame.size, scale: grid.scale, page: format == .pdf ? job.pdfPage : grid.page, format: format,
                               widestCell: job.widestCell(column:))
        let bytes = Result { () throws -> [UInt8] in
            switch format {
            case .png: return try job.png(path: nil, options: options)
            case .svg, .pdf:
                let sink = OutputSink()
                try format == .svg ? job.svg(to: sink) : job.pdf(to: sink)
                return sink.bytes
            }
        }
        job.reportWarnings()
        releaseLater(consume job)
        return try bytes.get()
    }

    /// Renders to `path`, the format taken from its extension. The file is written atomically:
    /// on any error an existing file at `path` is untouched and nothing else is left behind.
    /// With `page`, a PNG or SVG is one file per page beside `path` (`out.png` → `out-1.png`,
    /// `out-2.png`, …: `PageFiles`); in memory (`render(_:format:)`) it is the whole canvas.
    package static func render(_ grid: PreparedGrid, to path: String, options: RenderOptions = RenderOptions()) throws {
        guard let format = OutputFormat(path: path) else {
            throw RenderError("\(path): unknown output format; use .png, .svg or .pdf")
        }
        let policy = AtomicFile.Policy(protecting: grid.readFiles, force: options.force)
        try AtomicFile.checkDestination(path, policy: policy)
        let job = try RenderJob(grid, options: options, format: format)
        if format == .png { _ = try job.pixelSize() }
        try OutputLimits.check(job.layout, canvas: job.frame.size, scale: grid.scale, page: format == .pdf ? job.pdfPage : grid.page, format: format,
                               widestCell: job.widestCell(column:))
        let written = Result { () throws -> Void in
            switch format {
            case .png where job.grid.page != nil, .svg where job.grid.page != nil:
                try job.writePages(format, to: path, options: options)
            case .png:
                _ = try job.pixelSize()
                try AtomicFile.write(to: path, policy: policy) { temporary in _ = try job.png(path: temporary, options: options) }
            case .svg, .pdf:
                try AtomicFile.write(to: path, policy: policy) { temporary in
                    let sink = try OutputSink(path: temporary, naming: path)
                    try format == .svg ? job.svg(to: sink) : job.pdf(to: sink)
                    try sink.close()
                }
            }
        }
        job.reportWarnings()
        let summary = options.writtenHandler == nil ? nil : job.writtenOutput(format, path: path)
        releaseLater(consume job)
        try written.get()
        if let summary { options.writtenHandler?(summary.line) }
    }

    /// Lets a finished job's objects (thousands of shaped Pango layouts for a big table: some
    /// 10 ms of freeing) go on a background thread, so the caller has its output at once and a
    /// command-line render can exit without waiting for them.
    private static func releaseLater(_ job: RenderJob) {
        let last = Unchecked(job)
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(last) {} }
    }
}
