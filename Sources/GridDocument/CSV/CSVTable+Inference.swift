extension CSVTable {
    /// For each column, whether it holds numbers: at least one field is numeric text
    /// (`NumberFormat.parseNumber`) and every other field is empty or whitespace. Column
    /// inference uses this to right-align numeric columns, as DESIGN §2 asks. One scan per
    /// column that stops at the first non-numeric field, so text columns cost almost nothing.
    public func numericColumns() -> [Bool] {
        header.indices.map { column in
            var sawNumber = false
            for row in rows {
                let field = row[column]
                if NumberFormat.parseNumber(field) != nil {
                    sawNumber = true
                } else if !field.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    return false
                }
            }
            return sawNumber
        }
    }
}
