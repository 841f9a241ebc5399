import CCairo
import CPangoCairo
import Foundation
import GridDocument
import GridLayout

/// The content rules of `GridPainter`: what goes inside a cell (text, images, swatches), where
/// it sits (alignment, decimal columns, hanging marks, image fit) and the links and missing
/// glyphs it reports. They record into a display list (`recordContent`), played by
/// `CairoPlayer`; swatches join the region's fills.
extension GridPainter {

    /// Records what goes inside `cell` into `list`: images, texts and their links; a swatch goes
    /// to `fills` (drawn after the region's content). `device` snaps swatches; `target` is the
    /// context the list will be played on.
    func recordContent(into list: inout DisplayList, _ target: PaintTarget, _ device: DeviceTransform, _ cell: PlacedCell,
                       _ style: ResolvedStyle, _ content: CellContent) throws {
        let frame = cell.frame
        let inner = frame.inset(by: style.padding)
        switch content {
        case .empty:
            return
        case .swatch(let color):
            let side = max(0, min(TextMeasurer.defaultGraphicSize, inner.width, inner.height))
            let x: Double = switch style.align {
            case .left: inner.x
            case .center: inner.x + (inner.width - side) / 2
            case .right, .decimal: inner.maxX - side
            }
            let y = verticalOrigin(style.verticalAlign, inner, height: side)
            fills.add(device.snap(Rect(x: x, y: y, width: side, height: side)), color.faded(style.opacity))
        case .image(let path, let fit):
            if let node = try imageNode(path, fit, inner, alpha: style.opacity, target: target) { list.append(.image(node)) }
        case .text(let string):
            guard !string.isEmpty else { return }
            recordText(into: &list, target, string, cell: cell, style: style, frame: frame, inner: inner)
        }
    }

    /// The image of an image cell in `inner` with `fit`, centred and clipped to `inner`; nil
    /// when there is nothing to paint.
    func imageNode(_ path: String, _ fit: ImageFit, _ inner: Rect, alpha: Double, target: PaintTarget) throws -> ImageNode? {
        guard let (image, sx, sy) = try placedImage(path, fit, inner, deviceScale: target.transform) else { return nil }
        // Where the whole image lies; a reduced image is stretched over the same place.
        let own = try images.size(path)
        let width = Double(own.width) * sx, height = Double(own.height) * sy
        let whole = image.width == own.width && image.height == own.height
        return ImageNode(source: image,
                         rect: Rect(x: inner.x + (inner.width - width) / 2, y: inner.y + (inner.height - height) / 2,
                                    width: width, height: height),
                         scale: (whole ? sx : width / Double(image.width), whole ? sy : height / Double(image.height)),
                         alpha: alpha, clip: inner)
    }

    /// The image of an image cell as painted in `inner` with `fit`: the surface (at its painted
    /// size for raster output, `ImageCache`) and the file's scale in user space. Nil when there
    /// is nothing to paint.
    func placedImage(_ path: String, _ fit: ImageFit, _ inner: Rect, deviceScale device: DeviceTransform) throws
        -> (ImageSource, sx: Double, sy: Double)? {
        guard let placed = try placement(path, fit, inner, deviceScale: device) else { return nil }
        return (try images.source(path, painted: placed.painted), placed.sx, placed.sy)
    }

    /// How `placedImage` scales the image: the file's scale in user space and its size in device
    /// pixels. Nil when there is nothing to paint.
    func placement(_ path: String, _ fit: ImageFit, _ inner: Rect, deviceScale device: DeviceTransform) throws
        -> (sx: Double, sy: Double, painted: (width: Double, height: Double))? {
        let own = try images.size(path)
        let iw = Double(own.width), ih = Double(own.height)
        guard iw > 0, ih > 0, inner.width > 0, inner.height > 0 else { return nil }
        var sx = inner.width / iw, sy = inner.height / ih
        switch fit {
        case .contain: sx = min(sx, sy); sy = sx
        case .cover: sx = max(sx, sy); sy = sx
        case .fill: break
        }
        return (sx, sy, (iw * sx * abs(device.sx), ih * sy * abs(device.sy)))
    }

    /// The image of an image cell and the device pixels `paint` will show it at, `scale` per
    /// point (a PNG): infinite when it is not painted (it is still checked, whole). Nil for
    /// other cells.
    func imageRequest(_ cell: PlacedCell, scale: Double) throws -> ImageCache.Request? {
        guard case .image(let path, let fit) = grid.cells.content(row: cell.row, column: cell.column, item: cell.item) else { return nil }
        let style = grid.cells.style(row: cell.row, column: cell.column, item: cell.item)
        let placed = try placement(path, fit, cell.frame.inset(by: style.padding), deviceScale: DeviceTransform(sx: scale, sy: scale, tx: 0, ty: 0))
        return ImageCache.Request(path: path, painted: placed?.painted ?? (.infinity, .infinity))
    }

    func verticalOrigin(_ align: VerticalAlign, _ inner: Rect, height: Double) -> Double {
        switch align {
        case .top: inner.y
        case .middle: inner.y + (inner.height - height) / 2
        case .bottom: inner.maxY - height
        }
    }

    /// The room Pango gets for a cell's text: its inner width, or none for decimal alignment
    /// (the painter places the point).
    static func room(_ style: ResolvedStyle, _ inner: Rect) -> Double? {
        style.align == .decimal ? nil : inner.width
    }

    /// Shapes, into this painter's store, the text of the cells whose first row is in `rows` as
    /// `paint` will show it, where no kept natural layout stands in for it (`ShapedLayouts.prepare`).
    /// A lane does this for its rows before another thread paints them all.
    func prepareText(rows: Range<Int>) {
        guard let shaped, !rows.isEmpty, !geometry.columns.isEmpty else { return }
        let R = geometry.rows, C = geometry.columns
        let band = Rect(x: C[0].offset, y: R[rows.lowerBound].offset, width: C[C.count - 1].end - C[0].offset,
                        height: R[rows.upperBound - 1].end - R[rows.lowerBound].offset)
        let source = grid.cells
        for cell in geometry.cells(in: band) where rows.contains(cell.row) {
            guard case .text(let string) = source.content(row: cell.row, column: cell.column, item: cell.item),
                  !string.isEmpty else { continue }
            let style = source.style(row: cell.row, column: cell.column, item: cell.item)
            guard source.link(row: cell.row, column: cell.column, item: cell.item) == nil else { continue }
            shaped.prepare(string, style: style, width: GridPainter.room(style, cell.frame.inset(by: style.padding)))
        }
    }

    /// Records a cell's text: where it sits in `inner` by its alignment, as glyphs when the
    /// painter joins them (`glyphBatch`) and they show the same, else shown by Pango, clipped to
    /// the cell's frame when it does not fit it; then its links.
    func recordText(into list: inout DisplayList, _ target: PaintTarget, _ string: String, cell: PlacedCell, style: ResolvedStyle,
                    frame: Rect, inner: Rect) {
        let decimal = style.align == .decimal
        // The column's tail first: computing it reuses the text layout.
        let tail = decimal ? decimals.extent(column: cell.column).tail : 0
        let room = GridPainter.room(style, inner)
        let text: TextLayout
        let settings = TextLayout.settings(style: style, width: room)
        let link = grid.cells.link(row: cell.row, column: cell.column, item: cell.item)
        if link == nil, let kept = shaped?.layout(for: string, font: style.font, markup: style.markup, settings: settings)
            ?? borrowedLayouts.lazy.compactMap({ $0.layout(for: string, font: style.font, markup: style.markup, settings: settings) }).first {
            text = kept
        } else {
            text = prepared(string, style: style, width: room, link: link, scratch: scratch.free())
        }
        noteMissing(in: text, at: .cell(row: cell.row, column: cell.column, item: cell.item ?? -1))
        noteDropped(in: text, at: .cell(row: cell.row, column: cell.column, item: cell.item ?? -1))
        let logical = text.logicalRect
        var x: Double
        if text.hasWidth {
            x = inner.x
        } else {
            switch style.align {
            case .left: x = inner.x - logical.x
            case .center: x = inner.x + (inner.width - logical.width) / 2 - logical.x
            case .right: x = inner.maxX - logical.width - logical.x
            case .decimal:
                let point = DecimalColumns.pointX(string, width: logical.width, in: text, separator: grid.cells.decimalSeparator(column: cell.column))
                x = inner.maxX - tail - point
            }
        }
        if style.align == .right { x += markHang(string, text, style: style, right: x + logical.maxX, frame: frame) }
        let y = verticalOrigin(style.verticalAlign, inner, height: logical.height) - logical.y
        let drawn = Rect(x: x + logical.x, y: y + logical.y, width: logical.width, height: logical.height)
        // Clip only text that does not fit: a clip per cell would be a clipPath per cell in SVG.
        let epsilon = 1e-6
        let fits = drawn.x >= frame.x - epsilon && drawn.maxX <= frame.maxX + epsilon
            && drawn.y >= frame.y - epsilon && drawn.maxY <= frame.maxY + epsilon && text.lineLimit == 0
        let color = style.color.faded(style.opacity)
        let bottom = text.lineLimit > 0 ? min(frame.maxY, drawn.maxY) : frame.maxY
        let clip = fits ? nil : Rect(x: frame.x, y: frame.y, width: frame.width, height: max(0, bottom - frame.y))
        // Emoji in SVG and PDF: hidden from Pango, drawn as images over the text.
        let emoji = colorGlyphImages(of: text, x: x, y: y, target: target, clip: clip ?? target.clip)
        if fits && text.links.isEmpty && emoji.isEmpty, let node = glyphBatch?.record(text, x: x, y: y, color: color, target: target) {
            list.append(.glyphs(node))
            return
        }
        list.append(.pangoText(PangoTextNode(layout: text, x: x, y: y, color: color, clip: clip)))
        for image in emoji { list.append(.image(image)) }
        if text === scratch.free() { scratch.take() }
        if !text.links.isEmpty { recordLinks(into: &list, text, x: x, y: y, clip: frame, visible: target.clip) }
    }

    /// How far a right-aligned text whose last `hangingMarkBytes` are footnote marks moves right,
    /// so its figures end where an unmarked cell's do and the marks hang into the padding (as far
    /// as the cell reaches). `right`: where the text ends now. Zero for wrapped or markup text.
    func markHang(_ string: String, _ text: TextLayout, style: ResolvedStyle, right: Double, frame: Rect) -> Double {
        let bytes = string.utf8.count, marks = style.hangingMarkBytes
        guard marks > 0, marks <= bytes, style.markup == .none, text.isSingleWholeLine else { return 0 }
        let logical = text.logicalRect
        let markWidth = logical.maxX - text.x(ofByteIndex: bytes - marks)
        return max(0, min(markWidth, frame.maxX - right))
    }

    /// Records the links of `text` (its origin at `x`, `y`): per link, its rectangles cut to
    /// `clip` (the cell or block) and to `visible` (the clip of the band, chunk or page: a tall
    /// cell of many links crosses many PNG bands).
    func recordLinks(into list: inout DisplayList, _ text: TextLayout, x: Double, y: Double, clip: Rect, visible: Rect) {
        guard let clip = clip.intersection(visible) else { return }
        for area in text.linkAreas() {
            let rects = area.rects.compactMap { Rect(x: x + $0.x, y: y + $0.y, width: $0.width, height: $0.height).intersection(clip) }
            guard !rects.isEmpty else { continue }
            list.append(.link(LinkNode(url: area.url, rects: rects, text: area.text)))
        }
    }

    /// Records a title, subtitle or footnote block: `text` (laid out in the block's inner
    /// width) shown by Pango from `inner`'s origin in `style`'s colour, then its links cut to
    /// the block's `rect`.
    func recordBlock(into list: inout DisplayList, _ text: TextLayout, style: ResolvedStyle, rect: Rect, inner: Rect,
                     target: PaintTarget) {
        list.append(.pangoText(PangoTextNode(layout: text, x: inner.x, y: inner.y, color: style.color.faded(style.opacity), clip: nil)))
        for image in colorGlyphImages(of: text, x: inner.x, y: inner.y, target: target, clip: target.clip) { list.append(.image(image)) }
        if !text.links.isEmpty { recordLinks(into: &list, text, x: inner.x, y: inner.y, clip: rect, visible: target.clip) }
    }

    /// Notes the links of `text` (just prepared or shown) that the link policy dropped, and
    /// font changes past the limit.
    func noteDropped(in text: TextLayout, at place: MissingGlyphs.Place) {
        if !text.droppedLinks.isEmpty { context.links.note(text.droppedLinks, at: place) }
        context.limits.note(fontChanges: text.fontChanges, lineBreaks: text.lineBreaks, at: place)
    }

    /// Notes the characters of `text` (just prepared or shown) that no font has.
    func noteMissing(in text: TextLayout, at place: MissingGlyphs.Place) {
        let missing = text.missingCharacters()
        if !missing.isEmpty { context.missing.add(missing, at: place) }
    }

    /// The link areas painted since the last call, in painting order.
    func takeLinks() -> [LinkArea] {
        defer { linkAreas = [] }
        return linkAreas
    }
}
