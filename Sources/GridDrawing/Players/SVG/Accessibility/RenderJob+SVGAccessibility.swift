import GridDocument
import GridLayout

extension RenderJob {
    /// The accessibility layer of this job's SVG (`SVGAccessibility`), nil when it is off
    /// (`render --untagged`). Without `page` it covers the whole canvas; with one, the cells
    /// that page shows, placed and scaled as the page draws them.
    func svgAccessibility(page: PDFPagination.Page? = nil, fit: Double = 1) -> SVGAccessibility? {
        guard tagsSVG else { return nil }
        let placement = page.map { SVGAccessibleTable.Placement(regions: $0.regions, origin: $0.gridOrigin, scale: fit) }
            ?? SVGAccessibleTable.Placement(regions: regions, origin: frame.gridOrigin)
        return SVGAccessibility(grid: grid, layout: layout, placement: placement)
    }
}

extension RenderJob {
    /// `document`, a finished SVG without its links yet (Cairo's, normalized or joined), with the
    /// accessibility layer of the canvas or of `page`; unchanged when the layer is off.
    func accessibleSVG(_ document: [UInt8], page: PDFPagination.Page? = nil, fit: Double = 1) -> [UInt8] {
        svgAccessibility(page: page, fit: fit)?.wrap(document) ?? document
    }
}
