import GridDocument
import GridLayout

/// The pages of a paginated SVG (`PageFiles`), written by the SVG player like any other SVG:
/// each page a document of its own, painted on this thread. A page shrunk to fit
/// (`PDFPagination.fit` below 1) is painted with that scale on the context, as for PDF pages;
/// the player writes in the units under it and the body sits in a group scaled by it, so the
/// picture is the one Cairo's SVG surface drew. A split-column page (`canvas.page.split`) is
/// never scaled: its regions are translations, as in a whole-canvas SVG.
extension RenderJob {
    /// One page as an SVG document of the page's size in points.
    func svgPage(_ p: PDFPagination.Page, page: PreparedGrid.Page, fit: Double) throws -> [UInt8] {
        painter.pixelsPerDeviceUnit = 1 / fit   // as for PDF pages: the layout snapped to points
        painter.recordsLinks = true
        let sheet = Rect(x: 0, y: 0, width: page.width, height: page.height)
        let defs = SVGGlyphDefs(prefix: svgIDPrefix(page: p, fit: fit))
        try seedFonts(defs)
        painter.glyphBatch = GlyphBatch()
        defer { painter.glyphBatch = nil }
        let part: SVGPart
        do {
            part = try svgPart(defs, page: sheet, scale: fit, painter: painter) { cr, _ in
                cr.scale(fit, fit)
                try paintCanvas(cr, visible: Rect(x: 0, y: 0, width: page.width / fit, height: page.height / fit),
                                regions: p.regions, blocks: p.blocks, gridOrigin: p.gridOrigin, closeBottoms: true)
            }
        } catch let refusal as SVGRefusal {
            throw refusal.error
        }
        let background = SVGPlayer.backgroundRect(grid.background, width: page.width, height: page.height)
        return join(sheet, [part], accessibility: svgAccessibility(page: p, fit: fit), background: background, scale: fit)
    }
}
