import GridLayout

/// A page the join has numbered in page order (`PDFDocumentJoin.number`): every object number
/// its objects take or refer to is known, so formatting them (`PDFDocumentJoin.format`: the page
/// dictionary, link annotations, structure elements and parent-tree array, packed into the
/// page's own object streams) needs no shared state and runs on whichever lane is free.
struct PDFNumberedPage: Sendable {
    var width: Double
    var height: Double
    /// The content stream, deflated on the lane that painted it.
    var content: [UInt8]
    var links: [PDFPagePart.Link]
    var alphas: [Double]
    /// Object numbers: the page tree, the page, its content stream and its link annotations.
    var pageTree: Int
    var page: Int
    var contentObject: Int
    var annotations: [Int]
    /// The font object of `/F1`, `/F2`… and the image XObject of `/Im0`, `/Im1`….
    var fonts: [Int]
    var images: [Int]
    /// The page's share of the structure tree (nil: untagged).
    var structure: PDFStructurePage?
    /// The page's object streams, each for up to `PDFWriter.objectsPerStream` of its plain
    /// objects; none when the page has too few to be worth a stream (they go into the writer's at the end).
    var objectStreams: [Int]

    /// How many plain objects the page has: its dictionary and its structure.
    var plainObjects: Int { 1 + (structure?.objectCount ?? 0) }
}
