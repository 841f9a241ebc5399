/// Every place where gridrender changes bytes that Cairo wrote, in one list.
///
/// Where Cairo's PDF writer produces the document, a few things are done to its bytes on their
/// way to the file, each because Cairo 1.16 cannot be asked for the result (images compressed
/// twice or held whole in memory, and two defects `qpdf --check` reports); SVG has one filter,
/// on the SVG player's own output (image tokens). Each patch relies on the shape in which Cairo writes one thing. When a
/// Cairo release changes that shape, the patch either passes the bytes on unchanged (the output is
/// still valid, the gain is lost), falls back to a slower path, or fails the render; it never
/// writes a broken file. `CairoOutputPatchesTests` renders a probe for every case on the Cairo in
/// use and fails, naming the patch and the shape, when one no longer holds, and fails when a new
/// output filter is added without being listed here.
///
/// The direction (docs/architecture.md): players that write SVG and PDF from the display list
/// themselves need none of these. Every SVG is written by the SVG player (`SVGPlayer`), so no
/// Cairo SVG bytes are patched; only `svgImageTokens`' filter remains (a no-op without images).
enum CairoOutputPatch: String, CaseIterable, Sendable {
    /// `SVGImageTokens`: swaps image placeholders' URIs for the files' `data:` URIs as they are written.
    case svgImageTokens
    /// `PDFImagePassthrough`: swaps a stand-in image object for the PNG file's own compressed data.
    case pdfImagePassthrough
    /// `PDFResourceDuplicates`: blanks repeated entries of a page's resource dictionaries.
    case pdfResourceDuplicates
    /// `PDFCrossReferenceRepair`: points the cross-reference table at the objects Cairo wrote.
    case pdfCrossReferenceRepair
    /// `PDFStructureAttributes`: adds a tagged PDF's attributes (`/Scope`, spans) and catalogue
    /// entries (`/MarkInfo`, `/Lang`, `/ViewerPreferences`) that Cairo does not write.
    case pdfStructureAttributes

    /// The type that does it.
    var patcher: String {
        switch self {
        case .svgImageTokens: "SVGImageTokens"
        case .pdfImagePassthrough: "PDFImagePassthrough"
        case .pdfResourceDuplicates: "PDFResourceDuplicates"
        case .pdfCrossReferenceRepair: "PDFCrossReferenceRepair"
        case .pdfStructureAttributes: "PDFStructureAttributes"
        }
    }

    var format: OutputFormat {
        switch self {
        case .svgImageTokens: .svg
        case .pdfImagePassthrough, .pdfResourceDuplicates, .pdfCrossReferenceRepair, .pdfStructureAttributes: .pdf
        }
    }

    /// The shape of Cairo's output the patch relies on.
    var reliesOn: String {
        switch self {
        case .svgImageTokens:
            "an image surface's MIME URI is written as the image's xlink:href, unchanged and whole"
        case .pdfImagePassthrough:
            "an image object is written right after Cairo asks for the image's pixels, as `N 0 obj << /Type /XObject /Subtype /Image …` with its length in the next object"
        case .pdfResourceDuplicates:
            "a page's /XObject, /Pattern and /Shading dictionaries are one line each, `   /XObject <<`, ` /name N 0 R` per entry, ` >>`"
        case .pdfCrossReferenceRepair:
            "object headers are `N 0 obj` at the start of a line and the document ends with `endobj`, `xref` and one table of 20-byte entries"
        case .pdfStructureAttributes:
            "structure elements are written as `<< /Type /StructElem\\n   /S /Kind\\n`, in the order begun, a `Link` element added per link, and the catalogue starts `<< /Type /Catalog\\n` and ends `\\nendobj`"
        }
    }

    /// What happens when the shape is not there.
    var otherwise: String {
        switch self {
        case .svgImageTokens: "the render fails: a token that reached the output would be a broken image"
        case .pdfImagePassthrough: "the object passes unchanged and the render fails, since an image Cairo asked for was not swapped"
        case .pdfResourceDuplicates: "the line passes unchanged: qpdf reports a duplicated key"
        case .pdfCrossReferenceRepair: "the table passes unchanged: qpdf reports the file damaged when Cairo reserved unwritten objects"
        case .pdfStructureAttributes: "the render fails naming the element that differs (--untagged writes the PDF without a tree)"
        }
    }
}
