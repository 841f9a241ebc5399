import GridDocument
import GridLayout

extension RenderJob {
    /// The accessibility layer of this job's SVG (`SVGAccessibility`), nil when it is off
    /// (`render --untagged`). Without `page` it covers the whole canvas; with one, the cells
    /// that page shows, placed and scaled as the page draws them.
    func svgAccessibility(page: PDFPagination.Page? = nil, fit: Double = 1) -> SVGAccessibility? {
        guard tagsSVG else { return nil }
        return SVGAccessibility(grid: grid, layout: layout, placement: svgPlacement(page: page, fit: fit))
    }

    /// What prefixes every id the SVG player writes in this document (`SVGGlyphDefs.prefix`):
    /// `g` and the accessibility layer's hash in six base-62 digits (`SVGAccessibleIDs.idPrefix`,
    /// a hash of the document's content, the same on every run and thread count; made with the
    /// layer off too).
    func svgIDPrefix(page: PDFPagination.Page? = nil, fit: Double = 1) -> [UInt8] {
        let ids = SVGAccessibility.ids(grid: grid, layout: layout, placement: svgPlacement(page: page, fit: fit))
        return Array(ids.idPrefix.utf8)
    }

    /// The part of the canvas an SVG shows: all of it, or `page` placed and scaled.
    private func svgPlacement(page: PDFPagination.Page?, fit: Double) -> SVGAccessibleTable.Placement {
        page.map { SVGAccessibleTable.Placement(regions: $0.regions, origin: $0.gridOrigin, scale: fit) }
            ?? SVGAccessibleTable.Placement(regions: regions, origin: frame.gridOrigin)
    }
}
