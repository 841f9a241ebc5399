import GridLayout

/// Node tree → `Document`. Every key of DESIGN.md §2 is decoded here; anything else is an
/// "unknown key" error with a suggestion, because a silently ignored typo (`colums`) would
/// render a different table than the user asked for.
extension NodeDecoder {
    static let documentKeys = [
        "$schema", "canvas", "title", "subtitle", "footnote", "alt", "lang",
        "columns", "header", "data", "sections",
        "items", "flow", "maxColumns", "maxRows", "itemHeight", "sectionsStartOnNewLine",
        "columnWidths", "defaultColumnWidth", "rowHeights", "defaultRowHeight", "minimumRowHeight", "minimumColumnWidth",
        "columnSpacing", "rowSpacing", "columnSpacings", "rowSpacings", "margins",
        "uniformColumnWidths", "uniformRowHeights", "distribution", "cellAlignment", "minimumPolicy", "snapping",
        "frozen", "viewport", "spans", "selection",
        "theme", "styles", "gridLines", "blending", "fonts",
        "appearance", "emptySlots", "itemSize", "itemWidth", "linkSchemes",
    ] + publicationKeys

    func document(_ node: Node) throws(DocumentError) -> Document {
        let o = try object(node, "", allowed: Self.documentKeys)
        var d = Document()
        d.file = file
        for m in o.members { d.sourceLines[m.key] = m.value.line }
        if let n = o["canvas"] { d.canvas = try canvas(n, "canvas") }
        if let n = o["title"] { d.title = try string(n, "title") }
        if let n = o["subtitle"] { d.subtitle = try string(n, "subtitle") }
        if let n = o["alt"] { d.alt = try string(n, "alt") }
        if let n = o["lang"] { d.lang = try languageTag(n, "lang") }
        if let n = o["footnote"] { d.footnote = try string(n, "footnote") }

        if let n = o["columns"] {
            var columns: [Document.Column] = []
            var keys = Set<String>()
            for (i, c) in try array(n, "columns").enumerated() {
                let column = try self.column(c, KeyPathText.index("columns", i))
                guard keys.insert(column.key).inserted else {
                    throw error(c, KeyPathText.index("columns", i) + ".key", "duplicate column key \"\(column.key)\"")
                }
                columns.append(column)
                d.sourceLines[KeyPathText.index("columns", i)] = c.line
            }
            d.columns = columns
        }
        if let n = o["header"] {
            switch n.value {
            case .bool(let b): d.headerRows = b ? 1 : 0
            case .object:
                let ho = try object(n, "header", allowed: ["rows"])
                d.headerRows = try ho["rows"].map { (x) throws(DocumentError) in try integer(x, "header.rows") } ?? 1
            default: throw typeError(n, "header", expected: "true, false or an object with `rows`")
            }
        }
        if let n = o["data"] { d.data = try dataSource(n, "data"); d.dataReading = try dataReading(n, "data") }
        if let n = o["items"] { d.items = try itemList(n, "items") }
        if let n = o["sections"] {
            for (i, s) in try array(n, "sections").enumerated() {
                d.sections.append(try section(s, KeyPathText.index("sections", i)))
            }
        }
        if d.isItemMode {
            for key in ["columns", "data", "header"] where o.has(key) {
                throw DocumentError(file: file, line: o.members.first { $0.key == key }?.line, keyPath: key,
                                    "`\(key)` belongs to table mode and cannot be combined with `items`")
            }
            for (i, s) in d.sections.enumerated() where !s.rows.isEmpty {
                throw error(o["sections"], KeyPathText.index("sections", i), "in item mode a section holds `items`, not `rows`")
            }
        }

        if let n = o["flow"] { d.flow = try enumeration(n, "flow", Flow.self) }
        if o.has("maxColumns") && o.has("maxRows") {
            throw error(o["maxRows"], "maxRows", "`maxColumns` and `maxRows` cannot both be set")
        }
        if let n = o["maxColumns"] { d.lineLimit = .maxColumns(try integer(n, "maxColumns", min: 1)) }
        if let n = o["maxRows"] { d.lineLimit = .maxRows(try integer(n, "maxRows", min: 1)) }
        if let n = o["itemHeight"] { d.itemHeight = try itemHeight(n, "itemHeight") }
        if let n = o["sectionsStartOnNewLine"] { d.sectionsStartOnNewLine = try bool(n, "sectionsStartOnNewLine") }

        d.layout = try layoutSettings(o, itemMode: d.isItemMode)
        try publication(o, into: &d)
        if let n = o["selection"] {
            let so = try object(n, "selection", allowed: ["rows", "items"])
            if let r = so["rows"] { d.selection.rows = try indices(r, "selection.rows") }
            if let r = so["items"] { d.selection.items = try indices(r, "selection.items") }
        }

        if let n = o["theme"] {
            switch n.value {
            case .string(let s):
                d.theme = Self.looksLikeThemeFile(s) ? .file(s) : .named(s)
            case .object:
                d.theme = .inline(try themeOverride(n, "theme"))
            default:
                throw typeError(n, "theme", expected: "a theme name, a theme file path or an object")
            }
        }
        if let n = o["styles"] { d.styles = try styleSheet(n, "styles") }
        if let n = o["gridLines"] { d.gridLines = try gridLines(n, "gridLines") }
        if let n = o["blending"] { d.blending = try bool(n, "blending") }
        d.imageReferences = images.references
        if let n = o["fonts"] {
            guard case .string(let s) = n.value, let f = PreparedGrid.FontMode(rawValue: s) else {
                throw typeError(n, "fonts", expected: "\"pinned\" or \"system\"")
            }
            d.fonts = f
        }
        if let n = o["appearance"] { d.appearance = try enumeration(n, "appearance", Appearance.self) }
        if let n = o["linkSchemes"] { d.linkSchemes = try linkSchemes(n, "linkSchemes") }
        try decodeItemSlots(o, into: &d)
        return d
    }

    /// A theme string naming a file rather than a preset: it has a path separator or a file extension.
    static func looksLikeThemeFile(_ s: String) -> Bool {
        s.contains("/") || s.hasSuffix(".json") || s.hasSuffix(".yaml") || s.hasSuffix(".yml")
    }

    func canvas(_ node: Node, _ path: String) throws(DocumentError) -> Document.Canvas {
        let o = try object(node, path, allowed: ["width", "height", "scale", "background", "padding", "page"])
        var c = Document.Canvas()
        // The canvas sides are checked in pixels below (DESIGN.md §8's limits and message).
        if let n = o["width"] { c.width = try nonNegative(n, o.path("width")) }
        if let n = o["height"] { c.height = try nonNegative(n, o.path("height")) }
        if let n = o["scale"] { c.scale = try number(n, o.path("scale"), in: 0...16, lowerOpen: true) }
        if let n = o["background"] { c.background = try color(n, o.path("background")) }
        if let n = o["padding"] { c.padding = try insets(n, o.path("padding")) }
        if let n = o["page"] { (c.page, c.pageFlow) = try page(n, o.path("page")) }
        // A fixed canvas can be checked now; one that fits content is checked after layout.
        do {
            try Document.checkCanvasLimits(widthPx: (c.width ?? 0) * c.scale, heightPx: (c.height ?? 0) * c.scale)
        } catch {
            var e = error
            e.file = file; e.line = node.line; e.keyPath = path
            throw e
        }
        return c
    }

    static let columnKeys = ["key", "title", "width", "align", "format", "style", "headerStyle", "colorScale", "bar", "rules"]

    func column(_ node: Node, _ path: String) throws(DocumentError) -> Document.Column {
        let o = try object(node, path, allowed: Self.columnKeys)
        guard let k = o["key"] else { throw error(node, path, "missing key `key`") }
        var c = Document.Column(key: try string(k, o.path("key")))
        if let n = o["title"] { c.title = try string(n, o.path("title")) }
        if let n = o["width"] { c.width = try trackSize(n, o.path("width")) }
        if let n = o["align"] { c.align = try enumeration(n, o.path("align"), TextAlign.self) }
        if let n = o["format"] {
            let f = try cellFormat(n, o.path("format"))
            c.format = f.number; c.dateFormat = f.date; c.missing = f.missing
        }
        if let n = o["style"] { c.style = try style(n, o.path("style")) }
        if let n = o["headerStyle"] { c.headerStyle = try style(n, o.path("headerStyle")) }
        if let n = o["colorScale"] { c.colorScale = try colorScale(n, o.path("colorScale")) }
        if let n = o["bar"] { c.bar = try dataBar(n, o.path("bar")) }
        if let n = o["rules"] { c.rules = try rules(n, o.path("rules")) }
        return c
    }

    func numberFormat(_ node: Node, _ path: String) throws(DocumentError) -> NumberFormatSpec {
        let o = try object(node, path, allowed: ["decimals", "grouping", "percent", "prefix", "suffix",
                                                 "notation", "negative", "scale", "decimalSeparator", "groupSeparator"])
        var f = NumberFormatSpec()
        if let n = o["decimals"] {
            let v = try integer(n, o.path("decimals"))
            guard v <= 15 else { throw error(n, o.path("decimals"), "expected at most 15 decimals, found \(v)") }
            f.decimals = v
        }
        if let n = o["grouping"] { f.grouping = try bool(n, o.path("grouping")) }
        if let n = o["percent"] { f.percent = try bool(n, o.path("percent")) }
        if let n = o["prefix"] { f.prefix = try string(n, o.path("prefix")) }
        if let n = o["suffix"] { f.suffix = try string(n, o.path("suffix")) }
        try numberFormatExtras(o, into: &f)
        return f
    }

    func dataSource(_ node: Node, _ path: String) throws(DocumentError) -> Document.DataSource {
        let o = try object(node, path, allowed: ["rows", "records", "csv", "tsv", "json", "na", "delimiter"])
        let sources = o.members.filter { !Self.dataReadingKeys.contains($0.key) }
        guard sources.count == 1, let m = sources.first else {
            throw error(node, path, "`data` takes exactly one of `rows`, `records`, `csv`, `tsv` or `json`")
        }
        let vp = o.path(m.key)
        switch m.key {
        case "rows": return .rows(try rows(m.value, vp))
        case "records": return .records(try records(m.value, vp))
        case "csv": return .csv(path: try string(m.value, vp))
        case "tsv": return .tsv(path: try string(m.value, vp))
        default: return .json(path: try string(m.value, vp))
        }
    }

    static let dataReadingKeys: Set<String> = ["na", "delimiter"]

    /// `data.na` (an array of strings) and `data.delimiter` (one character, `\t` or `tab`), which
    /// only CSV and TSV data take: JSON and YAML values are typed, `null` being the missing one.
    func dataReading(_ node: Node, _ path: String) throws(DocumentError) -> DataReading {
        let o = try object(node, path, allowed: ["rows", "records", "csv", "tsv", "json", "na", "delimiter"])
        var reading = DataReading()
        let isText = o.has("csv") || o.has("tsv")
        if let n = o["na"] {
            let vp = o.path("na")
            guard isText else { throw error(n, vp, "applies to `csv` and `tsv` data; JSON and YAML values are typed (write null for a missing value)") }
            guard case .array(let list) = n.value else { throw typeError(n, vp, expected: "an array of strings (the missing-value tokens)") }
            var tokens: [String] = []
            for (i, t) in list.enumerated() { tokens.append(try string(t, KeyPathText.index(vp, i))) }
            reading.missingTokens = tokens
        }
        if let n = o["delimiter"] {
            let vp = o.path("delimiter")
            guard isText else { throw error(n, vp, "applies to `csv` and `tsv` data") }
            switch CSVDelimiter.parse(try string(n, vp)) {
            case .success(let b): reading.delimiter = b
            case .failure(let e): throw error(n, vp, e.reason)
            }
        }
        return reading
    }

    func rows(_ node: Node, _ path: String) throws(DocumentError) -> [[Document.Cell]] {
        var out: [[Document.Cell]] = []
        for (i, r) in try array(node, path).enumerated() {
            let rp = KeyPathText.index(path, i)
            var row: [Document.Cell] = []
            for (j, c) in try array(r, rp).enumerated() { row.append(try cell(c, KeyPathText.index(rp, j))) }
            out.append(row)
        }
        return out
    }

    func records(_ node: Node, _ path: String) throws(DocumentError) -> [[Document.RecordField]] {
        var out: [[Document.RecordField]] = []
        for (i, r) in try array(node, path).enumerated() {
            let rp = KeyPathText.index(path, i)
            guard case .object(let members) = r.value else { throw typeError(r, rp, expected: "an object (a record)") }
            var record: [Document.RecordField] = []
            for m in members { record.append(.init(key: m.key, value: try cell(m.value, KeyPathText.child(rp, m.key)))) }
            out.append(record)
        }
        return out
    }

    func itemList(_ node: Node, _ path: String) throws(DocumentError) -> Document.ItemList {
        if case .number = node.value { return .count(try integer(node, path)) }
        guard case .array(let list) = node.value else { throw typeError(node, path, expected: "a count or an array of cells") }
        var cells: [Document.Cell] = []
        for (i, c) in list.enumerated() { cells.append(try cell(c, KeyPathText.index(path, i))) }
        return .list(cells)
    }

    func section(_ node: Node, _ path: String) throws(DocumentError) -> Document.Section {
        let o = try object(node, path, allowed: ["title", "rows", "items", "collapsed"])
        var s = Document.Section()
        if let n = o["title"] { s.title = try string(n, o.path("title")) }
        if o.has("rows") && o.has("items") { throw error(node, path, "a section holds `rows` or `items`, not both") }
        if let n = o["rows"] { s.rows = try rows(n, o.path("rows")) }
        if let n = o["items"] { s.items = try itemList(n, o.path("items")) }
        if let n = o["collapsed"] { s.collapsed = try bool(n, o.path("collapsed")) }
        return s
    }

    static let cellExpectation = "text, a number, true/false, null, or an object with `text`, `image` or `color`"

    /// Cell content: text, number, bool, null, `{"image", "fit"}`, `{"color"}`, `{"text", "style"}`.
    func cell(_ node: Node, _ path: String) throws(DocumentError) -> Document.Cell {
        switch node.value {
        case .null: return .empty
        case .string(let s): return Document.Cell(.text(try counted(s, node, path)))
        case .bool(let b): return Document.Cell(.bool(b))
        case .number(let v, let text):
            guard v.isFinite else { throw error(node, path, "expected a finite number, found \(text)") }
            return Document.Cell(.number(v, text: text))
        case .array: throw typeError(node, path, expected: Self.cellExpectation)
        case .object:
            let o = try object(node, path, allowed: ["text", "number", "image", "fit", "color", "style", "format", "link"])
            var value: Document.Cell.Value = .empty
            let kinds = ["text", "number", "image", "color"].filter { o.has($0) }
            guard kinds.count <= 1 else { throw error(node, path, "a cell holds only one of " + kinds.map { "`\($0)`" }.joined(separator: ", ")) }
            if let n = o["text"] {
                if case .null = n.value { value = .empty } else { value = .text(try string(n, o.path("text"))) }
            }
            if let n = o["number"] {
                guard case .number(let v, let t) = n.value else { throw typeError(n, o.path("number"), expected: "a number") }
                guard v.isFinite else { throw error(n, o.path("number"), "expected a finite number, found \(t)") }
                value = .number(v, text: t)
            }
            if let n = o["image"] {
                let fit = try o["fit"].map { (f) throws(DocumentError) in try enumeration(f, o.path("fit"), ImageFit.self) } ?? .contain
                let imagePath = try string(n, o.path("image"))
                value = .image(path: imagePath, fit: fit)
                images.references.append(.init(path: imagePath, file: file, line: n.line, keyPath: o.path("image")))
            } else if let f = o["fit"] {
                throw error(f, o.path("fit"), "`fit` applies only to `image` cells")
            }
            if let n = o["color"] { value = .swatch(try color(n, o.path("color"))) }
            let style = try o["style"].map { (s) throws(DocumentError) in try self.style(s, o.path("style")) }
            var link: String?
            if let n = o["link"] {
                guard case .string(let url) = n.value else { throw typeError(n, o.path("link"), expected: "a URL string") }
                guard !url.isEmpty else { throw error(n, o.path("link"), "expected a URL, found an empty string") }
                guard !o.has("image") && !o.has("color") else { throw error(n, o.path("link"), "`link` applies only to text and number cells") }
                link = url
            }
            var cell = Document.Cell(value, style: style, link: link)
            if let f = o["format"] { cell.format = try cellFormat(f, o.path("format")) }
            return cell
        }
    }

    func layoutSettings(_ o: ObjectReader, itemMode: Bool) throws(DocumentError) -> GridSpec {
        var l = Document.emptyLayout()
        if let n = o["columnWidths"] { l.columnWidths = try trackSizes(n, "columnWidths") }
        if let n = o["rowHeights"] { l.rowHeights = try trackSizes(n, "rowHeights") }
        if let n = o["defaultColumnWidth"] { l.defaultColumnWidth = try trackSize(n, "defaultColumnWidth", allowAdaptive: itemMode) }
        if let n = o["defaultRowHeight"] { l.defaultRowHeight = try trackSize(n, "defaultRowHeight") }
        if let n = o["minimumColumnWidth"] { l.minimumColumnWidth = try length(n, "minimumColumnWidth") }
        if let n = o["minimumRowHeight"] { l.minimumRowHeight = try length(n, "minimumRowHeight") }
        if let n = o["columnSpacing"] { l.columnSpacing = try spacing(n, "columnSpacing") }
        if let n = o["rowSpacing"] { l.rowSpacing = try spacing(n, "rowSpacing") }
        if let n = o["columnSpacings"] { l.columnSpacings = try spacings(n, "columnSpacings") }
        if let n = o["rowSpacings"] { l.rowSpacings = try spacings(n, "rowSpacings") }
        if let n = o["margins"] { l.margins = try margins(n, "margins") }
        if let n = o["uniformColumnWidths"] { l.uniformColumnWidths = try bool(n, "uniformColumnWidths") }
        if let n = o["uniformRowHeights"] { l.uniformRowHeights = try bool(n, "uniformRowHeights") }
        if let n = o["distribution"] { l.distribution = try axisPair(n, "distribution", default: Distribution.start) }
        if let n = o["cellAlignment"] { l.cellAlignment = try axisPair(n, "cellAlignment", default: CellAlignment.fill) }
        if let n = o["minimumPolicy"] { l.minimumPolicy = try enumeration(n, "minimumPolicy", MinimumPolicy.self) }
        if let n = o["snapping"] { l.snapping = try enumeration(n, "snapping", Snapping.self) }
        if let n = o["frozen"] {
            let fo = try object(n, "frozen", allowed: ["rows", "columns"])
            if let r = fo["rows"] { l.frozenRows = try integer(r, "frozen.rows") }
            if let c = fo["columns"] { l.frozenColumns = try integer(c, "frozen.columns") }
        }
        if let n = o["viewport"] { l.viewport = try viewport(n, "viewport") }
        if let n = o["spans"] { l.spans = try spans(n, "spans") }
        return l
    }
}

extension Document {
    /// Largest PNG side in pixels (DESIGN.md §8): what PNG's 31-bit sizes allow (2^31 − 1).
    public static let maxCanvasSide = 2_147_483_647.0
    /// Largest PNG area in pixels.
    public static let maxCanvasPixels = 4_000_000_000.0

    /// Refuses a canvas wider or taller than 2,147,483,647 px or larger than 4,000,000,000 px in all.
    /// Decoding checks fixed canvas sizes; the renderer calls this with the laid-out size
    /// before allocating anything.
    package static func checkCanvasLimits(widthPx: Double, heightPx: Double) throws(DocumentError) {
        func f(_ v: Double) -> String {
            guard v.isFinite, v < 1e18 else { return String(v) }
            var digits = Array(String(Int(v.rounded(.up))))
            var out = ""
            while digits.count > 3 { out = "," + String(digits.suffix(3)) + out; digits.removeLast(3) }
            return String(digits) + out
        }
        guard widthPx.isFinite, heightPx.isFinite else { throw DocumentError("the canvas size is not finite") }
        if widthPx > maxCanvasSide {
            throw DocumentError("the canvas is \(f(widthPx)) px wide; at most 2,147,483,647 px per side are allowed")
        }
        if heightPx > maxCanvasSide {
            throw DocumentError("the canvas is \(f(heightPx)) px tall; at most 2,147,483,647 px per side are allowed")
        }
        if widthPx * heightPx > maxCanvasPixels {
            throw DocumentError("the canvas is \(f(widthPx)) × \(f(heightPx)) px (\(f(widthPx * heightPx)) pixels); at most 4,000,000,000 pixels are allowed")
        }
    }
}
