import GridDocument
import GridLayout

/// What Cairo and Pango can represent, checked after layout and before any output exists, so a
/// picture they cannot draw is refused (exit 2) instead of written empty or squeezed with exit 0.
///
/// - Cairo keeps coordinates as 24.8 fixed-point numbers: a vector page side past 8,388,607
///   units came out empty (390,000 rows to SVG).
/// - Pango measures in `Int32` units of 1/1024: a column wider than 2,097,151 units was laid out
///   25 px wide. The check is in device pixels (points × scale), the larger of the two spaces;
///   natural text widths that could pass Pango's range are added up in `Double`
///   (`TextLayout.summedLineWidth`), so a long unwrapped text reaches this check at its size.
enum OutputLimits {
    /// The largest SVG or single-page PDF side, in points (`CAIRO_FIXED_MAX`).
    static let maxVectorSide = 8_388_607.0
    /// The widest column whose text Pango can lay out, in device pixels.
    static let maxTextExtent = Double(Int32.max) / 1024

    /// `widestCell`: names the cell of a column whose text is widest ("row 5, column \"a\"").
    static func check(_ layout: Layout, canvas: Size, scale: Double, page: PreparedGrid.Page?, format: OutputFormat,
                      widestCell: (Int) -> String? = { _ in nil }) throws {
        if format == .svg || (format == .pdf && page == nil) {
            let side = max(canvas.width, canvas.height)
            if side > maxVectorSide {
                let what = canvas.height >= canvas.width ? "tall" : "wide"
                let hint = format == .pdf ? "set canvas.page to split it into pages, or render PNG" : "render PDF with canvas.page, or PNG"
                throw RenderError("the \(format == .svg ? "SVG" : "PDF page") would be \(grouped(side)) pt \(what); Cairo draws at most \(grouped(maxVectorSide)) pt per side (\(hint))", badInput: true)
            }
        }
        if let index = layout.columns.indices.max(by: { layout.columns[$0].size < layout.columns[$1].size }),
           layout.columns[index].size * scale > maxTextExtent {
            let widest = layout.columns[index]
            let cell = widestCell(index).map { "; widest text: \($0)" } ?? ""
            throw RenderError("column \(index + 1) (counted from 1, a text in it unwrapped\(cell)) is \(grouped(widest.size * scale)) px wide; text can be laid out at most \(grouped(maxTextExtent)) px wide (Pango's range): use a narrower column, let its text wrap, or lower the scale", badInput: true)
        }
    }

    private static func grouped(_ v: Double) -> String {
        v.isFinite && v < 1e18 ? FileIO.grouped(Int(v.rounded())) : String(v)
    }
}
