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
                if NumberFormat.parseNumber(field) != nil { numbers += 1; continue }
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
}
