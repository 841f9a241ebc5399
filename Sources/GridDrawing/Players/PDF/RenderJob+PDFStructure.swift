import CCairo
import GridDocument

/// The tagged PDF's structure around the pages (`PDFStructure`): begun before the first page is
/// painted, ended before the last page is shown.
extension RenderJob {
    /// When the PDF is tagged: a structure for the painter, its filter in `sink` (before the
    /// cross-reference repair), the title as the document's `/Title`, and `Document` and
    /// `Table` begun on `cr`.
    func beginStructure(_ surface: CairoSurface, _ sink: OutputSink, _ cr: CairoContext) throws {
        guard tagsPDF else { return }
        let structure = PDFStructure(columnCount: layout.columns.count, language: grid.language)
        structure.rowHeaders = grid.accessibility.hasStub
        structure.footRows = grid.accessibility.footRows
        sink.documentFilters.insert(PDFStructureAttributes(structure), at: max(0, sink.documentFilters.count - 1))
        if let title = grid.title?.text, !title.isEmpty {
            // Cairo refuses noncharacters as invalid UTF-8 (and fails the surface).
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_TITLE, NoncharacterText.drawable(title))
        }
        var list = DisplayList()
        structure.begin(.document, into: &list)
        structure.begin(.table, into: &list)
        try CairoPlayer.play(list, on: cr)
        painter.structure = structure
    }

    /// Ends the open row, section, `Table` and `Document` (before the last `showPage`).
    func endStructure(_ cr: CairoContext) throws {
        guard let structure = painter.structure else { return }
        var list = DisplayList()
        structure.closeSection(into: &list)
        structure.end(.table, into: &list)
        structure.end(.document, into: &list)
        try CairoPlayer.play(list, on: cr)
        painter.structure = nil
    }
}
