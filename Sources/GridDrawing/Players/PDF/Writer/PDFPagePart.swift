import GridLayout

/// One page as a lane painted and encoded it (`PDFPlayer.finish`), waiting to be joined in
/// page order (`PDFWriter`): its content stream already deflated, and what its page dictionary
/// needs once the writer has numbered the objects: fonts by resource name (`/F1`… in the order
/// met), the opacities of its `/ExtGState` names (`/a0`…), its images (`/Im0`…), its link annotations, and its
/// structure events.
struct PDFPagePart: @unchecked Sendable {
    /// One font the page shows: the glyph ids and their widths (1/1000 of the font size) the
    /// content stream's `TJ` arrays assume.
    struct Font {
        var font: ScaledFont
        var key: PDFFontKey
        var glyphs: [UInt32: Int] = [:]
    }

    /// A link annotation: its URL and rectangles in PDF space (origin bottom left).
    struct Link: Sendable {
        var url: String
        var rects: [Rect]
    }

    var width: Double
    var height: Double
    var content: [UInt8]
    var fonts: [Font]
    var alphas: [Double]
    /// The image sources its `/Im0`… names draw, in the order met (`PDFImageObjects` numbers them).
    var images: [ImageSource]
    var links: [Link]
    var events: [PDFStructureEvent]
    /// How many marked-content ids the page uses (0…count−1).
    var markedContent: Int
}
