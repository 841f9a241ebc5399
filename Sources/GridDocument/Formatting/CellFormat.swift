/// A column's (or a cell's) `format`: a number or a date format, and the text shown for empty
/// cells. A cell's own `format` replaces its column's as a whole.
public struct CellFormat: Sendable, Hashable {
    public var number: NumberFormatSpec?
    public var date: DateFormatSpec?
    /// Shown for empty and null cells (`"—"`); nil = nothing.
    public var missing: String?
    public init(number: NumberFormatSpec? = nil, date: DateFormatSpec? = nil, missing: String? = nil) {
        self.number = number; self.date = date; self.missing = missing
    }
    public var isEmpty: Bool { number == nil && date == nil && missing == nil }

    /// The most UTF-8 bytes a cell's text can have once formatted, for any value: what is
    /// checked against the cell budget (`InputBudget.cellTextBytes`) when the format is read,
    /// since a format's text is generated for every cell of its column. A number is at most
    /// 330 digits (the largest double written out, and 15 decimals) with a group separator
    /// (at most 16 bytes) every three, plus a decimal separator, sign or parentheses, percent
    /// sign, prefix and suffix; a date at most four bytes per pattern byte ("y" is a four-digit
    /// year, "EEEE" "Wednesday"); `missing` as written.
    public var maxFormattedBytes: Int {
        var most = missing?.utf8.count ?? 0
        if let number {
            let digits = 330, separators = digits / 3 * max(number.groupSeparator.utf8.count, 1)
            most = max(most, number.prefix.utf8.count + number.suffix.utf8.count + digits + separators
                        + number.decimalSeparator.utf8.count + 8)
        }
        if let date { most = max(most, 4 * date.output.utf8.count + 8) }
        return most
    }
}

/// A `CellFormat` ready to apply: the number formatter built and the date patterns parsed once,
/// since it runs for every cell of a column.
struct CompiledCellFormat: Sendable {
    var number: NumberFormat?
    var dateInput: DatePattern?
    var dateOutput: DatePattern?
    var missing: String?

    init(_ format: CellFormat?) {
        number = format?.number?.numberFormat
        if let date = format?.date {
            dateOutput = try? DatePattern(date.output)
            dateInput = date.input.flatMap { try? DatePattern($0) }
        }
        missing = format?.missing
    }

    static let none = CompiledCellFormat(nil)

    var hasReader: Bool { number != nil || dateOutput != nil }

    /// What an empty cell shows.
    var empty: CellContent { missing.map { .text($0) } ?? .empty }

    /// The text shown for a value written as `text` (a number's text as written when `value` is
    /// set), or nil when the format cannot read it (the caller shows it as written and warns).
    func apply(text: String, value: Double?) -> String? {
        if let dateOutput {
            guard value == nil || dateInput != nil else { return nil }
            let date = dateInput.map { $0.parse(text) } ?? CalendarDate(iso8601: text)
            return date.map { dateOutput.format($0) }
        }
        if let number {
            guard let v = value ?? NumberFormat.parseNumber(text) else { return nil }
            return number.format(v)
        }
        return text
    }

    func content(text: String, value: Double?) -> CellContent {
        if text.isEmpty && value == nil { return empty }
        return .text(apply(text: text, value: value) ?? text.withVisibleNUL)
    }
}
