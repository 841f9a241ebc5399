/// A boundary of a tagged PDF's structure element (`cairo_tag_begin`/`cairo_tag_end`): the
/// content played between a begin and its end is the element's marked content, and elements
/// begun inside it are its children. Recorded for PDF only (`PDFStructure`), so PNG and SVG
/// lists hold none and their bytes do not change.
struct StructureNode: Sendable, Equatable {
    enum Event: Sendable, Equatable {
        case begin
        case end
    }

    /// The standard structure types gridrender writes (PDF 32000-1 §14.8.4); Cairo 1.16 accepts
    /// only standard names.
    enum Kind: String, Sendable, Equatable {
        case document = "Document"
        case table = "Table"
        case head = "THead"
        case body = "TBody"
        case foot = "TFoot"
        case row = "TR"
        case header = "TH"
        case cell = "TD"
        case caption = "Caption"
        case paragraph = "P"
    }

    var event: Event
    var kind: Kind
    /// A row's layout row: the regions of one page (a split page's stub beside its columns)
    /// each begin the row, and the tree makes them one `TR` (`PDFStructureTree`).
    var row: Int? = nil

    static func begin(_ kind: Kind, row: Int? = nil) -> StructureNode { StructureNode(event: .begin, kind: kind, row: row) }
    static func end(_ kind: Kind) -> StructureNode { StructureNode(event: .end, kind: kind) }
}
