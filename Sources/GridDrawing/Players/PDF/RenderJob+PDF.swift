import CCairo
import Dispatch
import Foundation
import GridDocument
import GridLayout

/// PDF: pages painted in order into one Cairo PDF surface, then filtered (`OutputSink`).
extension RenderJob {

    /// The PDF document in memory.
    func pdf() throws -> [UInt8] {
        let sink = OutputSink()
        try pdf(to: sink)
        return sink.bytes
    }

    /// Writes the PDF to `sink` as Cairo makes it: the page's contents when it is shown, each
    /// image when the page is written, so neither the document nor its images are held whole.
    func pdf(to sink: OutputSink) throws {
        // The project's writer where it writes the document, else Cairo's surface.
        if try ownPDF(to: sink) { return }
        sink.imageFilter = images.newPDFDocument()
        try writePDF(to: sink)
        try Timings.span("write images") { try sink.finishImages() }
        // An image that could not be decoded again while Cairo wrote it (changed since the check).
        if let failure = images.failure { throw failure }
    }

    func writePDF(to sink: OutputSink) throws {
        // As for SVG: snapped to points, the same at any scale.
        painter.pixelsPerDeviceUnit = 1
        // A page past what PDF readers show is cut into A4 pages, with a warning (PDFPagination).
        let resolved = PDFPagination.page(for: grid, canvas: frame.size)
        if let warning = resolved.warning { context.adoptWarning(warning) }
        guard let page = resolved.page else {
            let surface = try CairoSurface.pdf(width: frame.size.width, height: frame.size.height, output: sink)
            try withContext(surface) { cr in
                let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
                paintBackground(cr, all)
                try beginStructure(surface, sink, cr)
                // One page is one stream: painted here, showing the layouts every lane shaped
                // while measuring and, just before, for the rows it paints (they are idle now).
                try Timings.span("shape") { try prepareTextOnLanes() }
                painter.borrowedLayouts = lanes.helperShapedLayouts
                // Cairo records the whole page before writing it: text is joined into few calls.
                if joinsGlyphs { painter.glyphBatch = GlyphBatch() }
                defer { painter.borrowedLayouts = []; painter.glyphBatch = nil }
                try Timings.span("paint page", .region, args: [("page", 0), ("rows", layout.rows.count)]) {
                    try paintCanvas(cr, visible: all)
                }
                try endStructure(cr)
                Timings.span("encode page") { cr.showPage() }
            }
            _ = try Timings.span("encode") { try surface.finish() }
            return
        }
        let pages = PDFPagination(job: self, page: page)
        if let failure = pages.failure { throw failure }
        painter.pixelsPerDeviceUnit = 1 / pages.fit
        let surface = try CairoSurface.pdf(width: page.width, height: page.height, output: sink)
        try Timings.span("shape") { try prepareTextOnLanes() }
        painter.borrowedLayouts = lanes.helperShapedLayouts
        if joinsGlyphs { painter.glyphBatch = GlyphBatch() }
        defer { painter.borrowedLayouts = []; painter.glyphBatch = nil }
        try withContext(surface) { cr in
            for (index, p) in pages.pages.enumerated() {
                cr.identityMatrix()
                paintBackground(cr, Rect(x: 0, y: 0, width: page.width, height: page.height))
                if index == 0 { try beginStructure(surface, sink, cr) }
                cr.scale(pages.fit, pages.fit)
                let visible = Rect(x: 0, y: 0, width: page.width / pages.fit, height: page.height / pages.fit)
                try Timings.span("paint page", .region, args: [("page", index), ("rows", p.regions.reduce(0) { $0 + $1.rows.count })]) {
                    try paintCanvas(cr, visible: visible, regions: p.regions, blocks: p.blocks, gridOrigin: p.gridOrigin, closeBottoms: true)
                }
                if index == pages.pages.count - 1 { try endStructure(cr) }
                Timings.span("encode page") { cr.showPage() }
            }
        }
        _ = try Timings.span("encode") { try surface.finish() }
    }
}
