/// Cells with their own `format` (replacing their column's), written as the JSON writes them:
/// `.number(0.125, format: .init(number: .init(decimals: 1, percent: true)))` for
/// `{"number": 0.125, "format": {"number": {"decimals": 1, "percent": true}}}`, and likewise
/// `{"text": …, "format": …}` and `{"text": null, "format": {"missing": "—"}}`.
extension Document.Cell {
    /// A number shown with its own format.
    public static func number(_ value: Double, format: CellFormat, style: Style? = nil) -> Document.Cell {
        var cell = Document.Cell.number(value, style: style)
        cell.format = format
        return cell
    }

    /// Text (a date, a number as written) shown with its own format.
    public static func text(_ text: String, format: CellFormat, style: Style? = nil) -> Document.Cell {
        var cell = Document.Cell(.text(text), style: style)
        cell.format = format
        return cell
    }

    /// An empty cell with its own format: shows `format.missing`.
    public static func empty(format: CellFormat) -> Document.Cell {
        var cell = Document.Cell.empty
        cell.format = format
        return cell
    }
}
