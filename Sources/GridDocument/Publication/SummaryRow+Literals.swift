/// Summary rows written as the JSON writes them: `values` is a dictionary literal of column keys
/// and aggregates, in document order —
/// `SummaryRow(label: "Total", values: ["q1": .sum, "growth": .median])` for
/// `{"label": "Total", "values": {"q1": "sum", "growth": "median"}}`.
extension Document.SummaryRow {
    /// `values` keeps the literal's order (a `KeyValuePairs`, not a `Dictionary`), which is the
    /// order the JSON object is read in.
    public init(label: String, values: KeyValuePairs<String, Aggregate>, sections: Bool = false) {
        self.init(label: label, values: values.map { Value(column: $0.key, aggregate: $0.value) }, sections: sections)
    }
}
