import GridDocument
import GridLayout

/// PNG and SVG output with `canvas.page`: one file per page, split as PDF pages are
/// (`PDFPagination`: rows never split, header and frozen rows repeated, a grid wider than the page
/// scaled down to fit), for previews of long tables. `-o out.png` writes `out-1.png`,
/// `out-2.png`, … (numbered even when there is one page, so scripts find the same names).
/// Every page goes to a temporary file first; the files are renamed into place only once all
/// pages are written, so an error leaves no page behind and replaces no existing file.
package enum PageFiles {
    /// `path` with `-page` before its extension: `out.png` → `out-3.png`.
    package static func path(_ path: String, page: Int) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot != slash else { return "\(path)-\(page)" }
        return "\(path[..<dot])-\(page)\(path[dot...])"
    }

    /// Runs `write` with one temporary path per entry of `paths`, then renames each into place.
    /// Every page goes through `policy`, as a single output does: a page file may not replace a
    /// file the document reads (its own image named `out-1.png`), nor a read-only file unforced.
    static func write(to paths: ArraySlice<String>, policy: AtomicFile.Policy, _ write: ([String]) throws -> Void) throws {
        // All pages are checked before the first is written, and written without one stack
        // frame per page (AtomicFile.write(toAll:)).
        try AtomicFile.write(toAll: Array(paths), policy: policy, write)
    }
}

extension RenderJob {
    /// Writes the pages of a paginated PNG or SVG beside `path`; returns their paths.
    @discardableResult
    func writePages(_ format: OutputFormat, to path: String, options: RenderOptions) throws -> [String] {
        guard let page = grid.page, format != .pdf else { throw RenderError("\(path): not a paginated PNG or SVG") }
        let pages = PDFPagination(job: self, page: page)
        if let failure = pages.failure { throw failure }
        if format == .png { _ = try pagePixelSize(page) }
        let paths = pages.pages.indices.map { PageFiles.path(path, page: $0 + 1) }
        let policy = AtomicFile.Policy(protecting: grid.readFiles, force: options.force)
        try PageFiles.write(to: paths[...], policy: policy) { temporaries in
            for (k, (p, temporary)) in zip(pages.pages, temporaries).enumerated() {
                switch format {
                case .png: try pngPage(p, page: page, fit: pages.fit, path: temporary, options: options)
                default:
                    let sink = try OutputSink(path: temporary, naming: paths[k])
                    sink.imageFilter = images.tokens
                    try sink.write(svgPage(p, page: page, fit: pages.fit))
                    try sink.close()
                }
            }
        }
        return paths
    }

    /// A page's PNG size in pixels, refused when over the PNG limits.
    private func pagePixelSize(_ page: PreparedGrid.Page) throws -> (width: Int, height: Int) {
        let w = (page.width * grid.scale).rounded(), h = (page.height * grid.scale).rounded()
        guard w >= 1, h >= 1, w <= Double(RenderJob.maxPixelsPerSide), h <= Double(RenderJob.maxPixelsPerSide),
              w * h <= Double(RenderJob.maxPixels) else {
            throw RenderError("page \(w)×\(h) px is outside the PNG limits", badInput: true)
        }
        return (Int(w), Int(h))
    }

    /// One page as a PNG, painted band by band on this thread.
    private func pngPage(_ p: PDFPagination.Page, page: PreparedGrid.Page, fit: Double, path: String?, options: RenderOptions) throws {
        let (width, height) = try pagePixelSize(page)
        let bandRows = max(1, min(RenderJob.maxBandRows, RenderJob.bandBytes / (width * 4), height))
        let band = try BandBuffer(width: width, rows: bandRows)
        let encoder = try PNGPieceEncoder(path: path, width: width, height: height, alpha: !grid.background.isOpaque,
                                          level: max(0, min(9, options.pngCompression)), bandRows: bandRows,
                                          threads: RenderJob.compressionThreads(options), pixelsPerPoint: grid.scale)
        defer { encoder.drain() }
        painter.pixelsPerDeviceUnit = 1
        let s = grid.scale * fit
        try GlyphCompositor.onThisThread(composesGlyphs) { try paintPageBands(p, band: band, encoder: encoder, width: width, height: height, scale: s) }
        _ = try withExtendedLifetime(band) { try encoder.finish() }
    }

    /// Paints the page's bands in turn and hands each to `encoder`.
    private func paintPageBands(_ p: PDFPagination.Page, band: BandBuffer, encoder: PNGPieceEncoder, width: Int, height: Int, scale s: Double) throws {
        let bandRows = band.rows
        for (index, y) in Swift.stride(from: 0, to: height, by: bandRows).enumerated() {
            band.free.wait()
            let rows = min(bandRows, height - y)
            try paintBand(band, y: y, rows: rows, scale: s, page: p, painter: painter, blockText: blockText)
            encoder.submit(band, index: index, rows: rows)
        }
    }
}
