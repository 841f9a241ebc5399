extension Document {
    /// `summary: [{"label": "Total", "values": {"key": "sum"}, "sections"?: true}]`: rows computed
    /// from the numeric data rows, per section when `sections` is true, else for the whole table.
    public struct SummaryRow: Sendable, Hashable {
        public enum Aggregate: String, Sendable, Hashable, CaseIterable { case sum, mean, median, min, max, count }
        public struct Value: Sendable, Hashable {
            public var column: String
            public var aggregate: Aggregate
            public init(column: String, aggregate: Aggregate) { self.column = column; self.aggregate = aggregate }
        }
        public var label: String
        /// In document order.
        public var values: [Value]
        /// One row under every section (and under top-level data rows) instead of one for the table.
        public var sections: Bool
        public init(label: String, values: [Value] = [], sections: Bool = false) {
            self.label = label; self.values = values; self.sections = sections
        }
    }
}
