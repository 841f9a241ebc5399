import GridLayout

/// Every key of a JSON column as an argument, each optional, so a column in code names only
/// what its JSON would: `.init(key: "profit", format: .init(decimals: 1), rules: [.init(when:
/// [.lt: 0], style: Style(color: "#b91c1c"))])`. `format` is the JSON's `format.number`;
/// `dateFormat` and `missing` are its `format.date` and `format.missing`.
extension Document.Column {
    public init(key: String, title: String? = nil, width: TrackSize? = nil, align: TextAlign? = nil,
                format: NumberFormatSpec? = nil, dateFormat: DateFormatSpec? = nil, missing: String? = nil,
                style: Style? = nil, headerStyle: Style? = nil,
                colorScale: Document.ColorScale? = nil, bar: Document.DataBar? = nil, rules: [Document.ConditionalRule] = []) {
        self.init(key: key, title: title, width: width, align: align, format: format, style: style)
        self.dateFormat = dateFormat; self.missing = missing; self.headerStyle = headerStyle
        self.colorScale = colorScale; self.bar = bar; self.rules = rules
    }
}
