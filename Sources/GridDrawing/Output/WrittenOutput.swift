import GridDocument
import GridLayout

/// What one render wrote, for the CLI's `wrote FILE (W×H px, N pages)` line: the size of a page
/// (the whole canvas when not paginated) in PNG pixels, SVG px units (points) or PDF points.
package struct WrittenOutput: Sendable, Hashable {
    /// The path asked for; a paginated PNG or SVG is written as its page files beside it.
    package var path: String
    package var format: OutputFormat
    package var width: Int
    package var height: Int
    package var pages: Int

    /// `wrote out.png (640×480 px, 1 page)`; a PNG or SVG in pages names its first and last file.
    package var line: String {
        let name = format != .pdf && paginated
            ? "\(PageFiles.path(path, page: 1))…\(PageFiles.path(path, page: pages))" : path
        let unit = format == .pdf ? "pt" : "px"
        return "wrote \(name) (\(width)×\(height) \(unit), \(pages) page\(pages == 1 ? "" : "s"))"
    }

    /// Whether the grid was cut into pages (a PNG or SVG is then written as page files).
    package var paginated = false
}

extension RenderJob {
    /// What rendering this job as `format` to `path` writes (sizes as the players compute them).
    func writtenOutput(_ format: OutputFormat, path: String) -> WrittenOutput {
        let page = format == .pdf ? pdfPage : grid.page
        let pageCount = page.map { PDFPagination(job: self, page: $0).pages.count } ?? 1
        let size = page.map { Size(width: $0.width, height: $0.height) } ?? frame.size
        // A PNG's pixels as the encoder counts them; SVG and PDF points, to the nearest.
        let width = format == .png ? Int(PixelEdges.edge(size.width, scale: grid.scale)) : Int(size.width.rounded())
        let height = format == .png ? Int(PixelEdges.edge(size.height, scale: grid.scale)) : Int(size.height.rounded())
        var out = WrittenOutput(path: path, format: format, width: width, height: height, pages: pageCount)
        out.paginated = page != nil
        return out
    }
}
