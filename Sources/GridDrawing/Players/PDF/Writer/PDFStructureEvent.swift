/// What a page's content says about the structure tree, in content order (`PDFPlayer`), for
/// `PDFStructureTree` to build the tree from when the page is joined: elements begun and ended
/// (a cell, a caption or a note with the marked content `mcid` of this page), and link
/// annotations (the page's `links[annotation]`) inside the open element. A row's begin names
/// its layout row, so the regions of one page that each begin it make one `TR`.
enum PDFStructureEvent: Sendable, Equatable {
    case begin(StructureNode.Kind, attributes: String, mcid: Int?, row: Int? = nil)
    case end(StructureNode.Kind)
    case link(annotation: Int)
}
