import GridDocument
import GridLayout

/// What makes an SVG accessible (issue 30 item 2), around the drawing: attributes of the root,
/// then as its first children `<title>` (the table's name) and `<desc>` (its summary), the
/// table of roles (`SVGAccessibleTable`), and the drawing in a `<g aria-hidden="true">`.
///
/// The root is `role="graphics-document document"` (WAI-ARIA Graphics Module; `document` where
/// that role is unknown), not `role="img"`: an `img`'s children are presentational, which
/// would hide the table's roles from assistive technology. It is labelled by the title and
/// described by the desc, and says the text's language (`xml:lang`, the document's `lang`).
/// The table comes before the drawing: it holds no ink, so the order changes no pixel, and a
/// large table's layer is written before the drawing's chunks instead of held until after them.
/// The links (`SVGLinks`) stay after the hidden group, reachable.
struct SVGAccessibility {
    let accessibility: GridAccessibility
    let language: String
    let table: SVGAccessibleTable
    /// The `<desc>`'s text, nil when there is none (`GridAccessibility.description`).
    let description: String?
    /// The title's and desc's ids, unique to this layer (`SVGAccessibleIDs`).
    let ids: SVGAccessibleIDs

    init(grid: PreparedGrid, layout: Layout, placement: SVGAccessibleTable.Placement) {
        let accessibility = Self.accessibility(of: grid)
        self.accessibility = accessibility
        language = grid.language
        description = accessibility.description
        ids = Self.ids(grid: grid, accessibility: accessibility, layout: layout, placement: placement)
        table = SVGAccessibleTable(layout: layout, cells: grid.cells, accessibility: accessibility,
                                   placement: placement, nameID: ids.title)
    }

    /// The grid's text alternative; a grid built in code has no document: its title block names it.
    static func accessibility(of grid: PreparedGrid) -> GridAccessibility {
        var accessibility = grid.accessibility
        if accessibility.title == nil, let block = grid.title, !block.text.isEmpty {
            accessibility.title = block.style.markup == .markdown ? InlineMarkup.parse(block.text).text : block.text
        }
        return accessibility
    }

    /// The ids of the layer of `grid` shown at `placement` (without making the table of roles).
    static func ids(grid: PreparedGrid, accessibility: GridAccessibility? = nil, layout: Layout,
                    placement: SVGAccessibleTable.Placement) -> SVGAccessibleIDs {
        let accessibility = accessibility ?? Self.accessibility(of: grid)
        return SVGAccessibleIDs(name: accessibility.name, description: accessibility.description, grid: grid,
                                rows: layout.rows.count, columns: layout.columns.count, placement: placement)
    }

    /// The attributes added to `<svg …>`, each with its leading space.
    func rootAttributes(hasDescription: Bool) -> [UInt8] {
        var s = " role=\"graphics-document document\" xml:lang=\"\(XMLText.escaped(language))\" aria-labelledby=\"\(ids.title)\""
        if hasDescription { s += " aria-describedby=\"\(ids.description)\"" }
        return Array(s.utf8)
    }

    /// What follows the root's start tag: title, desc, the table, and the opening of the
    /// hidden group that holds the drawing, handed to `write` in pieces.
    func writePrologue(description: String?, to write: ([UInt8]) throws -> Void) rethrows {
        var s = "<title id=\"\(ids.title)\">\(XMLText.escaped(accessibility.name))</title>\n"
        if let description { s += "<desc id=\"\(ids.description)\">\(XMLText.escaped(description))</desc>\n" }
        try write(Array(s.utf8))
        try table.write(write)
        try write(Array("<g aria-hidden=\"true\">\n".utf8))
    }

    /// Closes the hidden group: before the links and `</svg>`.
    static let epilogue = Array("</g>\n".utf8)

    /// `start` (the start of a document: the XML declaration and the `<svg …>` start tag, as
    /// `RenderJob.svgHeader` or Cairo write them, and whatever follows) handed to `write` with
    /// the root's attributes and, after its start tag, the prologue. Unchanged without a root.
    func writeStart(_ start: [UInt8], to write: ([UInt8]) throws -> Void) rethrows {
        guard let end = Self.rootTagEnd(start) else { return try write(start) }
        var head = Array(start[..<end])
        head += rootAttributes(hasDescription: description != nil)
        head.append(UInt8(ascii: ">"))
        var rest = end + 1
        if rest < start.count, start[rest] == UInt8(ascii: "\n") { head.append(UInt8(ascii: "\n")); rest += 1 }
        try write(head)
        try writePrologue(description: description, to: write)
        try write(Array(start[rest...]))
    }

    /// `writeStart` in memory.
    func header(_ start: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        writeStart(start) { out += $0 }
        return out
    }

    /// The index of the `>` that ends the `<svg` start tag.
    static func rootTagEnd(_ bytes: [UInt8]) -> Int? {
        let tag = Array("<svg".utf8)
        guard bytes.count > tag.count else { return nil }
        var i = 0
        while i + tag.count < bytes.count {
            if bytes[i] == tag[0], bytes[i + 1] == tag[1], bytes[i + 2] == tag[2], bytes[i + 3] == tag[3],
               bytes[i + 4] == 0x20 || bytes[i + 4] == 0x0A || bytes[i + 4] == 0x3E {
                var j = i + 4
                while j < bytes.count, bytes[j] != UInt8(ascii: ">") { j += 1 }
                return j < bytes.count ? j : nil
            }
            i += 1
        }
        return nil
    }

}
