import GridLayout

/// A run of data rows that summaries are computed over: the top-level data, or one section.
struct RowGroup {
    var section: Int?
    var title: String?
    var collapsed: Bool
    var rows: [DocumentCellSource.RowSource]
}

/// The column-dependent layers of the style table, in display order.
struct TableLook {
    var columns: [Style?] = []
    /// Header rows take only the column's alignment.
    var headerAlignment: [Style?] = []
    /// `columns[i].headerStyle`, for the column titles.
    var headerStyles: [Style?] = []
    /// The vertical rule after the stub column.
    var stubRule: Style?
    /// The rule above a group's first summary row.
    var summaryRule: Style?
}

/// What `prepareTable` hands back to `prepare`.
struct TablePreparation {
    var source: DocumentCellSource?
    var spec: GridSpec?
    var headerCount = 0
    /// Footnote marks after the title.
    var titleMark = ""
    /// The footnotes as listed under the table.
    var notes: [String] = []
    var warnings: [String] = []
}

/// Works out the publication parts of a table from the document and its data: the stub's
/// place, spanner rows and their spans, summary values, footnote marks and data-driven styles.
/// Every reference to a column, spanner or row is checked here, with the key path of the
/// document entry that makes it.
struct PublicationPlan {
    typealias Raw = (DocumentCellSource.RowSource, Int) -> DocumentCellSource.RawValue?
    let document: Document
    /// In document order.
    let columns: [Document.Column]
    let groups: [RowGroup]
    let raw: Raw
    let sheet: StyleSheet
    /// Display column d shows document column `order[d]` (the stub first).
    var order: [Int]
    var hasStub = false
    var stubRule: Style
    var summaryRule: Style
    var spannerLevels = 0
    /// One per `document.spanners` entry.
    var placements: [SpannerPlacement] = []
    var spans: [CellSpan] = []
    /// The first spanner row each column title reaches up to, by display column.
    var titleAnchors: [Int: Int] = [:]
    var table = PublishedTable()
    var titleMarks: [Int: String] = [:]
    var spannerMarks: [Int: String] = [:]
    var titleMark = ""
    var notes: [String] = []
    var warnings: [String] = []
    let hasTitles: Bool

    init(document: Document, columns: [Document.Column], numeric: [Bool], groups: [RowGroup],
         raw: @escaping Raw, sheet: StyleSheet, rule: LineStyle, hasTitles: Bool) throws(DocumentError) {
        self.document = document; self.columns = columns; self.groups = groups; self.raw = raw; self.sheet = sheet
        self.hasTitles = hasTitles
        order = Array(columns.indices)
        var stub = Style(); stub.borders = Style.Borders(right: rule)
        stubRule = stub
        var summary = Style(); summary.borders = Style.Borders(top: rule)
        summaryRule = summary
        if let key = document.stub {
            let i = try columnIndex(key, path: "stub", lineKey: "stub")
            order.remove(at: i)
            order.insert(i, at: 0)
            hasStub = true
        }
        try planSpanners()
    }

    // MARK: Errors

    func failure(_ path: String, lineKey: String, _ message: String) -> DocumentError {
        let top = String(lineKey.prefix { $0 != "[" && $0 != "." })
        return DocumentError(file: document.file, line: document.sourceLines[lineKey] ?? document.sourceLines[top], keyPath: path, message)
    }

    /// The document index of the column `key`, or an error with a suggestion.
    func columnIndex(_ key: String, path: String, lineKey: String) throws(DocumentError) -> Int {
        if let i = columns.firstIndex(where: { $0.key == key }) { return i }
        let keys = columns.map(\.key)
        var message = "no column has the key \"\(key)\""
        if let s = EditDistance.suggestion(for: key, among: keys) { message += "; did you mean \"\(s)\"?" }
        else if !keys.isEmpty { message += "; the columns are " + keys.map { "\"\($0)\"" }.joined(separator: ", ") }
        throw failure(path, lineKey: lineKey, message)
    }

    func displayIndex(_ key: String, path: String, lineKey: String) throws(DocumentError) -> Int {
        order.firstIndex(of: try columnIndex(key, path: path, lineKey: lineKey))!
    }

    // MARK: Spanners

    private mutating func planSpanners() throws(DocumentError) {
        let spanners = document.spanners
        guard !spanners.isEmpty else { return }
        var resolved: [(level: Int, columns: Set<Int>)?] = Array(repeating: nil, count: spanners.count)
        var visiting = Set<Int>()
        func resolve(_ i: Int) throws(DocumentError) -> (level: Int, columns: Set<Int>) {
            if let r = resolved[i] { return r }
            let path = "spanners[\(i)]"
            guard visiting.insert(i).inserted else {
                throw failure(path + ".spanners", lineKey: path, "spanner \"\(spanners[i].name)\" sits, through others, over itself")
            }
            var level = 0
            var covered = Set<Int>()
            for (j, key) in spanners[i].columns.enumerated() {
                covered.insert(try displayIndex(key, path: "\(path).columns[\(j)]", lineKey: path))
            }
            for name in spanners[i].spanners {
                let child = spanners.firstIndex { $0.name == name }!
                let r = try resolve(child)
                level = Swift.max(level, r.level + 1)
                covered.formUnion(r.columns)
            }
            visiting.remove(i)
            resolved[i] = (level, covered)
            return (level, covered)
        }
        for i in spanners.indices { _ = try resolve(i) }
        let levels = resolved.map { $0!.level }
        spannerLevels = (levels.max() ?? -1) + 1
        for (i, s) in spanners.enumerated() {
            let cols = resolved[i]!.columns.sorted()
            let path = "spanners[\(i)]"
            guard let lo = cols.first, let hi = cols.last, hi - lo + 1 == cols.count else {
                let names = cols.map { "\"\(columns[order[$0]].key)\"" }.joined(separator: ", ")
                throw failure(path + ".columns", lineKey: path,
                              "spanner \"\(s.name)\" covers columns that are not next to each other (\(names)); a spanner covers contiguous columns")
            }
            placements.append(SpannerPlacement(label: s.label, level: levels[i], row: spannerLevels - 1 - levels[i], columns: lo..<hi + 1))
        }
        for i in placements.indices {
            for j in 0..<i where placements[j].level == placements[i].level && placements[j].columns.overlaps(placements[i].columns) {
                let shared = placements[i].columns.clamped(to: placements[j].columns).lowerBound
                throw failure("spanners[\(i)]", lineKey: "spanners[\(i)]",
                              "spanners \"\(spanners[j].name)\" and \"\(spanners[i].name)\" both cover column \"\(columns[order[shared]].key)\" at level \(placements[i].level)")
            }
        }
        for p in placements where p.columns.count > 1 {
            spans.append(CellSpan(row: p.row, column: p.columns.lowerBound, rows: 1, columns: p.columns.count))
        }
        // A column title with no spanner above it reaches up to the first spanner over it.
        guard hasTitles else { return }
        for c in 0..<columns.count {
            var free = 0
            while free < spannerLevels, !placements.contains(where: { $0.level == free && $0.columns.contains(c) }) { free += 1 }
            guard free > 0 else { continue }
            titleAnchors[c] = spannerLevels - free
            spans.append(CellSpan(row: spannerLevels - free, column: c, rows: free + 1, columns: 1))
        }
    }

    /// Points a spanner's rule stops short of each end of its columns: whole points (snapped
    /// alike at every scale), enough that two rules side by side read as two.
    static let spannerRuleTrim = 4.0

    /// The spanner labels and the column titles that reach into the spanner rows, with their styles.
    mutating func buildHeaderCells(styleTable: [ResolvedStyle], columnCount: Int, titles: [String]) {
        let titlesClass = DocumentCellSource.RowClass.titles.rawValue
        for (i, p) in placements.enumerated() {
            var center = Style(); center.align = .center
            var style = ResolvedStyle.cascade([sheet.cell, sheet.header, center, document.spanners[i].style], blending: false)
            if style.borders.bottom == nil { style.borders.bottom = LineStyle(width: 1, color: style.color) }
            style.bottomBorderTrim = PublicationPlan.spannerRuleTrim
            table.headerCells[p.row * columns.count + p.columns.lowerBound] =
                .init(text: p.label + (spannerMarks[i] ?? ""), style: style)
        }
        for (c, row) in titleAnchors {
            var style = styleTable[(titlesClass * columnCount + Swift.min(c, columnCount - 1)) * 2]
            style.verticalAlign = .bottom
            table.headerCells[row * columns.count + c] = .init(text: titles[c] + (titleMarks[c] ?? ""), style: style)
        }
    }

    // MARK: Summary rows

    /// The summary rows with `sections` equal to `sections`, computed over `rows`.
    func summaries(sections: Bool, rows: [DocumentCellSource.RowSource]) throws(DocumentError) -> [[CellContent]] {
        var out: [[CellContent]] = []
        for (k, summary) in document.summary.enumerated() where summary.sections == sections {
            let path = "summary[\(k)]"
            var row = [CellContent](repeating: .empty, count: columns.count)
            if !row.isEmpty { row[0] = .text(summary.label) }
            for v in summary.values {
                let vp = KeyPathText.child(path + ".values", v.column)
                let i = try columnIndex(v.column, path: vp, lineKey: path)
                let d = order.firstIndex(of: i)!
                guard d != 0 else {
                    throw failure(vp, lineKey: path, "column \"\(v.column)\" holds the summary labels\(hasStub ? " (it is the stub)" : " (the first column)"); summarize other columns")
                }
                var numbers: [Double] = []
                var count = 0
                for source in rows {
                    guard let value = raw(source, i) else { continue }
                    count += 1
                    if let n = value.number { numbers.append(n) } else if v.aggregate != .count {
                        throw failure(vp, lineKey: path,
                                      "column \"\(v.column)\" is not numeric (it holds \"\(value.text)\"); `\(v.aggregate.rawValue)` needs numbers, `count` counts any values")
                    }
                }
                let format = CompiledCellFormat(columns[i].cellFormat)
                let number = format.number ?? .plain
                let value: Double?
                switch v.aggregate {
                case .count:
                    // A count of values, not one of them: the column's digit grouping, none of its
                    // decimals, percent, scale, prefix or suffix ("1,204", never "$1,204.00").
                    var counting = NumberFormat(decimals: 0, grouping: number.grouping)
                    counting.groupSeparator = number.groupSeparator
                    row[d] = .text(counting.format(Double(count)))
                    continue
                case .sum: value = numbers.reduce(0, +)
                case .mean: value = numbers.isEmpty ? nil : numbers.reduce(0, +) / Double(numbers.count)
                case .median:
                    let sorted = numbers.sorted()
                    let n = sorted.count
                    value = n == 0 ? nil : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
                case .min: value = numbers.min()
                case .max: value = numbers.max()
                }
                if let value, !value.isNaN { row[d] = .text(number.format(value)) } else { row[d] = format.empty }
            }
            out.append(row)
        }
        return out
    }

    // MARK: Footnotes

    private enum Place: Hashable {
        case title, spanner(Int), columnTitle(Int), cell(row: Int, column: Int)
    }

    /// Numbers the footnotes in reading order (title, spanner rows, column titles, body rows,
    /// each left to right) and places their marks.
    mutating func placeMarks(refs: [DocumentCellSource.RowRef], dataRowLayout: [Int], titleRow: Int?) throws(DocumentError) {
        let footnotes = document.footnotes
        guard !footnotes.isEmpty else { return }
        var targets: [(row: Int, column: Int, place: Place, note: Int)] = []
        for (k, f) in footnotes.enumerated() {
            let path = "footnotes[\(k)]"
            if f.title, document.title != nil { targets.append((-1, 0, .title, k)) }
            for (j, name) in f.spanners.enumerated() {
                guard let i = document.spanners.firstIndex(where: { $0.name == name }) ?? document.spanners.firstIndex(where: { $0.label == name }) else {
                    let names = document.spanners.map(\.name)
                    var message = "no spanner has the id \"\(name)\""
                    if let s = EditDistance.suggestion(for: name, among: names) { message += "; did you mean \"\(s)\"?" }
                    throw failure("\(path).spanners[\(j)]", lineKey: path, message)
                }
                targets.append((placements[i].row, placements[i].columns.lowerBound, .spanner(i), k))
            }
            for (j, key) in f.columns.enumerated() {
                let d = try displayIndex(key, path: "\(path).columns[\(j)]", lineKey: path)
                if let titleRow { targets.append((titleRow, d, .columnTitle(d), k)) }   // where the title text sits
            }
            for (j, cell) in f.cells.enumerated() {
                let cp = "\(path).cells[\(j)]"
                guard cell.row < dataRowLayout.count else {
                    throw failure(cp + ".row", lineKey: path, "row \(cell.row) is outside the data (\(dataRowLayout.count) data rows, counted from 0)")
                }
                let d = try displayIndex(cell.column, path: cp + ".column", lineKey: path)
                let row = dataRowLayout[cell.row]
                if row >= 0 { targets.append((row, d, .cell(row: row, column: d), k)) }
            }
        }
        let reading = targets.enumerated().sorted { a, b in
            (a.element.row, a.element.column, a.offset) < (b.element.row, b.element.column, b.offset)
        }.map(\.element)
        var number: [Int: Int] = [:]
        for t in reading where number[t.note] == nil { number[t.note] = number.count + 1 }
        // Each note once per place, in reading order; a set per place keeps this linear in the
        // targets (an array's `contains` made 5,000 notes on a title quadratic: 4 s of 10).
        var byPlace: [Place: [Int]] = [:]
        var seen: [Place: Set<Int>] = [:]
        for t in reading {
            let n = number[t.note]!
            if seen[t.place, default: []].insert(n).inserted { byPlace[t.place, default: []].append(n) }
        }
        let style = document.footnoteMarks
        if style == .symbols, number.count > Document.FootnoteMarks.maxSymbolNotes {
            throw failure("footnoteMarks", lineKey: "footnoteMarks",
                          "\"symbols\" marks at most \(Document.FootnoteMarks.maxSymbolNotes) notes (* † ‡ § ‖ ¶, then doubled, tripled, quadrupled); this table marks \(FileIO.grouped(number.count)): use \"numbers\" or \"letters\"")
        }
        let budget = document.budget
        for (place, numbers) in byPlace {
            let text = style.marks(numbers.sorted())
            // Generated text counts against the cell budget with the text it is added to.
            let target: Int
            switch place {
            case .title: target = document.title?.utf8.count ?? 0
            case .spanner(let i): target = document.spanners[i].label.utf8.count
            case .columnTitle, .cell: target = 0
            }
            if target + text.utf8.count > budget.cellTextBytes {
                throw failure("footnotes", lineKey: "footnotes", "the footnote marks on one place make \(FileIO.grouped(text.utf8.count)) bytes; " + budget.cellTooLong(target + text.utf8.count))
            }
            switch place {
            case .title: titleMark = text
            case .spanner(let i): spannerMarks[i] = text
            case .columnTitle(let d): titleMarks[d] = text
            case .cell(let row, let column): table.marks[row * columns.count + column] = text
            }
        }
        let marked = number.sorted { $0.value < $1.value }
        notes = marked.map { style.mark($0.value) + " " + footnotes[$0.key].text }
        notes += footnotes.indices.filter { number[$0] == nil }.map { footnotes[$0].text }
    }

    // MARK: Data-driven styles

    /// Colour scale, bar and rules of document column `i`, domains taken from its shown data rows.
    func dataStyle(column i: Int) throws(DocumentError) -> ColumnDataStyle? {
        let c = columns[i]
        guard c.colorScale != nil || c.bar != nil || !c.rules.isEmpty else { return nil }
        var low = Double.infinity, high = -Double.infinity
        for group in groups where !group.collapsed {
            for source in group.rows {
                guard let v = raw(source, i)?.number else { continue }
                low = Swift.min(low, v); high = Swift.max(high, v)
            }
        }
        let hasData = low <= high
        var style = ColumnDataStyle(rules: c.rules)
        if let scale = c.colorScale {
            let stops: [Color]
            switch scale.palette {
            case .colors(let list): stops = list
            case .named(let name): stops = name.colors
            }
            // The data range; a single value sits in the middle of the palette.
            var domain: (Double, Double)? = scale.domain.map { ($0[0], $0[1]) }
            if domain == nil, hasData { domain = low < high ? (low, high) : (low - 1, high + 1) }
            if let (lo, hi) = domain { style.colorScale = ResolvedColorScale(stops: stops, low: lo, high: hi, target: scale.target) }
        }
        if let bar = c.bar {
            let domain = bar.domain.map { ($0[0], $0[1]) } ?? (hasData ? (Swift.min(0, low), Swift.max(0, high)) : (0, 0))
            style.bar = ResolvedDataBar(color: bar.color, negativeColor: bar.negativeColor ?? bar.color, low: domain.0, high: domain.1)
        }
        return style
    }

    // MARK: Unreadable values

    /// One warning per column whose format cannot read some of its values (they show as written).
    mutating func checkReadable(columns specs: [Document.Column], rawCells: [[Document.Cell]]) {
        for (i, column) in specs.enumerated() {
            let columnFormat = CompiledCellFormat(column.cellFormat)
            var bad = 0, first = "", dates = column.dateFormat != nil
            for group in groups {
                for source in group.rows {
                    var format = columnFormat
                    var value: Double? = nil
                    let text: String
                    switch source {
                    case .cells(let r):
                        guard rawCells[r].indices.contains(i) else { continue }
                        let cell = rawCells[r][i]
                        if let own = cell.format { format = CompiledCellFormat(own); dates = dates || own.date != nil }
                        switch cell.value {
                        case .text(let t): text = t
                        case .number(let v, let t): text = t; value = v
                        default: continue
                        }
                    default:
                        guard let v = raw(source, i) else { continue }
                        text = v.text
                    }
                    guard format.hasReader, !text.isEmpty, format.apply(text: text, value: value) == nil else { continue }
                    if bad == 0 { first = text }
                    bad += 1
                }
            }
            guard bad > 0 else { continue }
            let what = dates ? "dates" : "numbers"
            let shown = first.count > 40 ? String(first.prefix(40)) + "…" : first
            warnings.append(failure("columns[\(i)].format", lineKey: "columns[\(i)]",
                                    "\(bad) value\(bad == 1 ? "" : "s") cannot be read as \(what) (the first is \"\(shown)\"); shown as written").description)
        }
    }
}
