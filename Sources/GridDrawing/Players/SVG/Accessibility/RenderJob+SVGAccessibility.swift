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
