/// Decoding of the publication-table keys: `stub`, `spanners`, `summary`, `footnotes`,
/// `footnoteMarks`, `headerHeight`, and per column `headerStyle`, `colorScale`, `bar`, `rules`
/// and the richer `format`. What needs the columns (keys that must exist, contiguity, numeric
/// columns) is checked by `prepare`, which knows them; lines of list entries are kept in
/// `sourceLines` (`spanners[2]`) so those errors still point at the document.
extension NodeDecoder {
    static let publicationKeys = ["stub", "spanners", "summary", "footnotes", "footnoteMarks", "headerHeight"]

    func publication(_ o: ObjectReader, into d: inout Document) throws(DocumentError) {
        let tableOnly = Self.publicationKeys.filter { $0 != "headerHeight" && o.has($0) }
        if d.isItemMode, let key = tableOnly.first {
            throw error(o[key], key, "`\(key)` belongs to table mode and cannot be combined with `items`")
        }
        if let n = o["stub"] { d.stub = try string(n, "stub") }
        if let n = o["headerHeight"] { d.headerHeight = try length(n, "headerHeight") }
        if let n = o["footnoteMarks"] { d.footnoteMarks = try enumeration(n, "footnoteMarks", Document.FootnoteMarks.self) }
        if let n = o["spanners"] {
            var names = Set<String>()
            for (i, s) in try array(n, "spanners").enumerated() {
                let path = KeyPathText.index("spanners", i)
                let spanner = try self.spanner(s, path)
                guard names.insert(spanner.name).inserted else {
                    throw error(s, path, "two spanners are named \"\(spanner.name)\"; give one an `id`")
                }
                d.sourceLines[path] = s.line
                d.spanners.append(spanner)
            }
            for (i, s) in d.spanners.enumerated() {
                let path = KeyPathText.index("spanners", i)
                for (j, ref) in s.spanners.enumerated() where !names.contains(ref) || ref == s.name {
                    let message = ref == s.name ? "a spanner cannot sit over itself"
                        : "no spanner has the id \"\(ref)\"" + (EditDistance.suggestion(for: ref, among: Array(names)).map { "; did you mean \"\($0)\"?" } ?? "")
                    throw DocumentError(file: file, line: d.sourceLines[path], keyPath: KeyPathText.index(path + ".spanners", j), message)
                }
            }
        }
        if let n = o["summary"] {
            for (i, s) in try array(n, "summary").enumerated() {
                let path = KeyPathText.index("summary", i)
                d.summary.append(try summaryRow(s, path))
                d.sourceLines[path] = s.line
            }
        }
        if let n = o["footnotes"] {
            for (i, f) in try array(n, "footnotes").enumerated() {
                let path = KeyPathText.index("footnotes", i)
                d.footnotes.append(try footnote(f, path))
                d.sourceLines[path] = f.line
            }
        }
    }

    func spanner(_ node: Node, _ path: String) throws(DocumentError) -> Document.Spanner {
        let o = try object(node, path, allowed: ["label", "columns", "id", "spanners", "style"])
        guard let l = o["label"] else { throw error(node, path, "missing key `label`") }
        var s = Document.Spanner(label: try string(l, o.path("label")))
        if let n = o["columns"] { s.columns = try strings(n, o.path("columns")) }
        if let n = o["id"] { s.id = try string(n, o.path("id")) }
        if let n = o["spanners"] { s.spanners = try strings(n, o.path("spanners")) }
        if let n = o["style"] { s.style = try style(n, o.path("style")) }
        guard !s.columns.isEmpty || !s.spanners.isEmpty else {
            throw error(node, path, "spanner \"\(s.label)\" covers nothing; give it `columns` or `spanners`")
        }
        return s
    }

    func summaryRow(_ node: Node, _ path: String) throws(DocumentError) -> Document.SummaryRow {
        let o = try object(node, path, allowed: ["label", "values", "sections"])
        guard let l = o["label"] else { throw error(node, path, "missing key `label`") }
        var r = Document.SummaryRow(label: try string(l, o.path("label")))
        guard let v = o["values"] else { throw error(node, path, "missing key `values`") }
        let vp = o.path("values")
        guard case .object(let members) = v.value else { throw typeError(v, vp, expected: "an object of column key → \"sum\", \"mean\", \"median\", \"min\", \"max\" or \"count\"") }
        for m in members {
            r.values.append(.init(column: m.key, aggregate: try enumeration(m.value, KeyPathText.child(vp, m.key), Document.SummaryRow.Aggregate.self)))
        }
        if let n = o["sections"] { r.sections = try bool(n, o.path("sections")) }
        return r
    }

    func footnote(_ node: Node, _ path: String) throws(DocumentError) -> Document.Footnote {
        let o = try object(node, path, allowed: ["text", "columns", "cells", "spanners", "title"])
        guard let t = o["text"] else { throw error(node, path, "missing key `text`") }
        var f = Document.Footnote(text: try string(t, o.path("text")))
        if let n = o["columns"] { f.columns = try strings(n, o.path("columns")) }
        if let n = o["spanners"] { f.spanners = try strings(n, o.path("spanners")) }
        if let n = o["title"] { f.title = try bool(n, o.path("title")) }
        if let n = o["cells"] {
            let cp = o.path("cells")
            for (i, c) in try array(n, cp).enumerated() {
                let ip = KeyPathText.index(cp, i)
                let co = try object(c, ip, allowed: ["row", "column"])
                guard let r = co["row"], let k = co["column"] else { throw error(c, ip, "a footnote cell needs `row` and `column`") }
                f.cells.append(.init(row: try integer(r, co.path("row")), column: try string(k, co.path("column"))))
            }
        }
        return f
    }

    func strings(_ node: Node, _ path: String) throws(DocumentError) -> [String] {
        var out: [String] = []
        for (i, s) in try array(node, path).enumerated() { out.append(try string(s, KeyPathText.index(path, i))) }
        return out
    }

    // MARK: Formats

    /// `format: {"number"?, "date"?, "missing"?}` of a column or a cell.
    func cellFormat(_ node: Node, _ path: String) throws(DocumentError) -> CellFormat {
        let o = try object(node, path, allowed: ["number", "date", "missing"])
        if o.has("number") && o.has("date") { throw error(node, path, "a format holds `number` or `date`, not both") }
        var f = CellFormat()
        if let n = o["number"] { f.number = try numberFormat(n, o.path("number")) }
        if let n = o["date"] { f.date = try dateFormat(n, o.path("date")) }
        if let n = o["missing"] { f.missing = try string(n, o.path("missing")) }
        // Generated for every cell of the column: its longest text counts against the cell budget.
        let most = f.maxFormattedBytes, budget = text.budget
        if most > budget.cellTextBytes {
            throw error(node, path, "a value formatted this way can be \(FileIO.grouped(most)) bytes long; a cell holds at most \(FileIO.grouped(budget.cellTextBytes)) bytes (\(InputBudget.hint("GRIDRENDER_MAX_CELL_BYTES")))")
        }
        return f
    }

    func dateFormat(_ node: Node, _ path: String) throws(DocumentError) -> DateFormatSpec {
        let o = try object(node, path, allowed: ["input", "output"])
        guard let out = o["output"] else { throw error(node, path, "missing key `output` (a pattern such as \"dd MMM yyyy\")") }
        func pattern(_ n: Node, _ p: String) throws(DocumentError) -> DatePattern {
            do { return try DatePattern(try string(n, p)) } catch {
                throw self.error(n, p, error.message)
            }
        }
        let spec = DateFormatSpec(input: try o["input"].map { (n) throws(DocumentError) in try string(n, o.path("input")) },
                                  output: try string(out, o.path("output")))
        _ = try pattern(out, o.path("output"))
        if let n = o["input"] {
            guard try pattern(n, o.path("input")).hasDateFields else {
                throw error(n, o.path("input"), "an input pattern needs a year, month or day field")
            }
        }
        return spec
    }

    /// The number format keys beyond the first five.
    func numberFormatExtras(_ o: ObjectReader, into f: inout NumberFormatSpec) throws(DocumentError) {
        if let n = o["notation"] { f.notation = try enumeration(n, o.path("notation"), NumberFormat.Notation.self) }
        if let n = o["negative"] { f.negative = try enumeration(n, o.path("negative"), NumberFormat.Negative.self) }
        if let n = o["scale"] {
            let v = try number(n, o.path("scale"))
            guard v != 0, abs(v) <= 1e15, abs(v) >= 1e-15 else { throw error(n, o.path("scale"), "expected a number other than 0 (between 1e-15 and 1e15 in size), found \(n.summary)") }
            f.scale = v
        }
        for key in ["decimalSeparator", "groupSeparator"] {
            guard let n = o[key] else { continue }
            let s = try string(n, o.path(key))
            guard s.count <= 4, !s.contains(where: { $0.isNumber || $0.isNewline }) else {
                throw error(n, o.path(key), "expected at most 4 characters and no digits, found \(n.summary)")
            }
            if key == "decimalSeparator" {
                guard !s.isEmpty else { throw error(n, o.path(key), "the decimal separator cannot be empty") }
                f.decimalSeparator = s
            } else { f.groupSeparator = s }
        }
        if f.decimalSeparator == f.groupSeparator, f.grouping {
            throw error(o.node, o.path.isEmpty ? "format" : o.path, "`decimalSeparator` and `groupSeparator` are both \"\(f.decimalSeparator)\"")
        }
    }

    // MARK: Data-driven styles

    func colorScale(_ node: Node, _ path: String) throws(DocumentError) -> Document.ColorScale {
        let o = try object(node, path, allowed: ["palette", "domain", "target"])
        guard let p = o["palette"] else { throw error(node, path, "missing key `palette` (a list of colours or \"viridis\", \"blues\", \"reds\", \"greens\", \"diverging\")") }
        let palette: Document.ColorScale.Palette
        switch p.value {
        case .string: palette = .named(try enumeration(p, o.path("palette"), Document.ColorScale.NamedPalette.self))
        case .array(let list):
            guard list.count >= 2 else { throw error(p, o.path("palette"), "a palette needs at least 2 colours, found \(list.count)") }
            var colors: [Color] = []
            for (i, c) in list.enumerated() { colors.append(try color(c, KeyPathText.index(o.path("palette"), i))) }
            palette = .colors(colors)
        default: throw typeError(p, o.path("palette"), expected: "a list of colours or a palette name")
        }
        var scale = Document.ColorScale(palette: palette)
        if let n = o["domain"] { scale.domain = try domain(n, o.path("domain")) }
        if let n = o["target"] { scale.target = try enumeration(n, o.path("target"), Document.ColorScale.Target.self) }
        return scale
    }

    func dataBar(_ node: Node, _ path: String) throws(DocumentError) -> Document.DataBar {
        let o = try object(node, path, allowed: ["color", "negativeColor", "domain"])
        guard let c = o["color"] else { throw error(node, path, "missing key `color`") }
        var bar = Document.DataBar(color: try color(c, o.path("color")))
        if let n = o["negativeColor"] { bar.negativeColor = try color(n, o.path("negativeColor")) }
        if let n = o["domain"] { bar.domain = try domain(n, o.path("domain")) }
        return bar
    }

    /// `[min, max]` with min < max.
    func domain(_ node: Node, _ path: String) throws(DocumentError) -> [Double] {
        let list = try array(node, path)
        guard list.count == 2 else { throw error(node, path, "expected [min, max], found \(list.count) values") }
        let lo = try number(list[0], KeyPathText.index(path, 0)), hi = try number(list[1], KeyPathText.index(path, 1))
        guard lo < hi else { throw error(node, path, "the domain's min must be less than its max") }
        return [lo, hi]
    }

    func rules(_ node: Node, _ path: String) throws(DocumentError) -> [Document.ConditionalRule] {
        var out: [Document.ConditionalRule] = []
        for (i, r) in try array(node, path).enumerated() {
            let rp = KeyPathText.index(path, i)
            let o = try object(r, rp, allowed: ["when", "style"])
            guard let w = o["when"] else { throw error(r, rp, "missing key `when`") }
            guard let s = o["style"] else { throw error(r, rp, "missing key `style`") }
            out.append(.init(when: try condition(w, o.path("when")), style: try style(s, o.path("style"))))
        }
        return out
    }

    func condition(_ node: Node, _ path: String) throws(DocumentError) -> Document.Condition {
        let ops = Document.Condition.Operator.allCases.map(\.rawValue)
        let o = try object(node, path, allowed: ops + ["empty"])
        var c = Document.Condition()
        for m in o.members where m.key != "empty" {
            let op = Document.Condition.Operator(rawValue: m.key)!
            let mp = o.path(m.key)
            switch m.value.value {
            case .number: c.comparisons.append(.init(op, .number(try number(m.value, mp))))
            case .string(let s): c.comparisons.append(.init(op, .text(s)))
            default: throw typeError(m.value, mp, expected: "a number or a string")
            }
        }
        if let n = o["empty"] { c.empty = try bool(n, o.path("empty")) }
        guard !c.comparisons.isEmpty || c.empty != nil else {
            throw error(node, path, "a condition needs at least one of " + (ops + ["empty"]).map { "`\($0)`" }.joined(separator: ", "))
        }
        return c
    }
}
