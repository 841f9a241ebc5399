extension Document {
    /// `spanners: [{"label", "columns": [keys], "id"?, "spanners"?: [ids], "style"?}]`: a label
    /// centred over contiguous columns, or over other spanners (one level higher than the
    /// highest of them), with a rule under it, above the column titles.
    public struct Spanner: Sendable, Hashable {
        public var label: String
        /// Column keys it covers directly.
        public var columns: [String]
        /// Names the spanner for `spanners` of a higher one and for footnotes; nil = its label.
        public var id: String?
        /// Ids of the spanners it covers (it sits above them).
        public var spanners: [String]
        /// Its label cell's style, over `styles.header`.
        public var style: Style?
        public init(label: String, columns: [String] = [], id: String? = nil, spanners: [String] = [], style: Style? = nil) {
            self.label = label; self.columns = columns; self.id = id; self.spanners = spanners; self.style = style
        }
        /// What `spanners` lists and footnotes name: `id`, else the label.
        public var name: String { id ?? label }
    }
}
