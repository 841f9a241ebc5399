import GridDocument
import GridLayout

extension RenderJob {
    /// Paints the text blocks (title, subtitle, footnote) of `blocks` that meet `visible`, each
    /// recorded as a display list and played on `cr`, and notes their missing and dropped
    /// glyphs. The one block loop of every format: `paintCanvas` (PNG bands, SVG parts, Cairo
    /// PDF pages) and the PDF writer's pages (`paintOwnPDFPage`, a block at a time in its tags).
    func paintBlocks(_ blocks: [CanvasFrame.Block], cr: CairoContext, visible: Rect, painter: GridPainter,
                     blockText: TextLayout) throws {
        for b in blocks where b.rect.intersects(visible) {
            let style = CanvasFrame.blockStyle(b.block.style)
            let inner = b.rect.inset(by: style.padding)
            let text = painter.prepared(b.block.text, style: style, width: inner.width, scratch: blockText)
            var list = DisplayList()
            painter.recordBlock(into: &list, text, style: style, rect: b.rect, inner: inner, target: PaintTarget(cr))
            try painter.play(list, on: cr)
            let place: MissingGlyphs.Place = b.block == grid.title ? .title : b.block == grid.subtitle ? .subtitle : .footnote
            painter.noteMissing(in: text, at: place)
            painter.noteDropped(in: text, at: place)
        }
    }
}
