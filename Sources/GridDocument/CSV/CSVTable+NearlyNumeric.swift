extension CSVTable {
    /// A warning for each column that is numeric but for a few values: usually a missing-value
    /// token the list does not hold (`n/d`, `-`, `?`), which silently makes the column text.
    ///
    /// "A few" is at most three distinct texts, in at most half as many cells as hold numbers.
    /// Runs on fields already blanked by ``blankMissing(_:)`` (empty fields are missing, not
    /// exceptions). `file` names the input at the start of the line. A text column stops being
    /// scanned at its fourth distinct text, so text columns cost little.
    package func nearlyNumericWarnings(file: String) -> [String] {
        var warnings: [String] = []
        for column in header.indices {
            var numbers = 0, exceptions = 0
            var distinct: [String] = []
            var isCandidate = true
            for row in rows where column < row.count {
                let field = row[column]
                if field.isEmpty { continue }
                if Self.readsAsNumber(field) { numbers += 1; continue }
                exceptions += 1
                if !distinct.contains(field) {
                    distinct.append(field)
                    if distinct.count > 3 { isCandidate = false; break }
                }
            }
            guard isCandidate, exceptions > 0, numbers >= 2 * exceptions else { continue }
            let shown = distinct.map { "\"\(Echo.short($0, limit: 24))\"" }.joined(separator: ", ")
            warnings.append("\(file): column \"\(Echo.short(header[column]))\" is numeric except \(exceptions) \(exceptions == 1 ? "value" : "values") (\(shown)): add them to data.na or --na to treat them as missing")
        }
        return warnings
    }

    /// Whether `NumberFormat.parseNumber(field)` is not nil, without building the `Double` (most
    /// of that function's time) unless an exponent or a long mantissa could overflow it: the
    /// same grammar, spaces and tabs around, a sign, digits with at most one point, `e` and digits.
    static func readsAsNumber(_ field: String) -> Bool {
        var field = field
        let simple = field.withUTF8 { bytes -> Bool? in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            var i = start
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            var digits = 0, point = false
            while i < end {
                let b = bytes[i]
                if b >= 0x30 && b <= 0x39 { digits += 1 } else if b == UInt8(ascii: "."), !point { point = true } else { break }
                i += 1
            }
            guard digits > 0 else { return false }
            if i == end { return digits < 300 ? true : nil }
            return bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") ? nil : false
        }
        return simple ?? (NumberFormat.parseNumber(field) != nil)
    }
}
