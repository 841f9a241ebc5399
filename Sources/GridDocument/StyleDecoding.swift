import GridLayout

/// Decoding of the look: `styles`, `Style`, fonts, borders, `gridLines` and inline themes.
extension NodeDecoder {
    static let styleKeys = ["background", "color", "font", "family", "size", "weight", "italic", "padding", "align",
                            "verticalAlign", "wrap", "maxLines", "ellipsize", "borders", "opacity", "shadow",
                            "markup", "linkColor"]
    static let styleSheetKeys = ["cell", "row", "alternateRow", "header", "sectionHeader", "selectedRow", "columns",
                                 "title", "subtitle", "footnote", "stub", "summary"]

    func styleSheet(_ node: Node, _ path: String) throws(DocumentError) -> StyleSheet {
        let o = try object(node, path, allowed: Self.styleSheetKeys)
        var sheet = StyleSheet()
        func layer(_ key: String) throws(DocumentError) -> Style? {
            guard let n = o[key] else { return nil }
            return try style(n, o.path(key))
        }
        sheet.cell = try layer("cell")
        sheet.row = try layer("row")
        sheet.alternateRow = try layer("alternateRow")
        sheet.header = try layer("header")
        sheet.sectionHeader = try layer("sectionHeader")
        sheet.selectedRow = try layer("selectedRow")
        sheet.title = try layer("title")
        sheet.subtitle = try layer("subtitle")
        sheet.footnote = try layer("footnote")
        sheet.stub = try layer("stub")
        sheet.summary = try layer("summary")
        if let columns = o["columns"] {
            let cp = o.path("columns")
            guard case .object(let members) = columns.value else { throw typeError(columns, cp, expected: "an object of styles by column key") }
            for m in members { sheet.columns[m.key] = try style(m.value, KeyPathText.child(cp, m.key)) }
        }
        return sheet
    }

    func style(_ node: Node, _ path: String) throws(DocumentError) -> Style {
        let o = try object(node, path, allowed: Self.styleKeys)
        var s = Style()
        if let n = o["background"] { s.background = try color(n, o.path("background")) }
        if let n = o["color"] { s.color = try color(n, o.path("color")) }
        var font: FontSpec?
        if let n = o["font"] { font = try fontSpec(n, o.path("font")) }
        if o.has("family") || o.has("size") || o.has("weight") || o.has("italic") {
            font = try fontFields(o).over(font ?? FontSpec())
        }
        s.font = font
        if let n = o["padding"] { s.padding = try insets(n, o.path("padding")) }
        if let n = o["align"] { s.align = try enumeration(n, o.path("align"), TextAlign.self) }
        if let n = o["verticalAlign"] { s.verticalAlign = try enumeration(n, o.path("verticalAlign"), VerticalAlign.self) }
        if let n = o["wrap"] { s.wrap = try bool(n, o.path("wrap")) }
        if let n = o["maxLines"] { s.maxLines = try integer(n, o.path("maxLines")) }
        if let n = o["ellipsize"] { s.ellipsize = try enumeration(n, o.path("ellipsize"), Ellipsize.self) }
        if let n = o["borders"] { s.borders = try borders(n, o.path("borders")) }
        if let n = o["markup"] { s.markup = try enumeration(n, o.path("markup"), MarkupMode.self) }
        if let n = o["linkColor"] { s.linkColor = try color(n, o.path("linkColor")) }
        if let n = o["opacity"] { s.opacity = try number(n, o.path("opacity"), in: 0...1) }
        if let n = o["shadow"] {
            let so = try object(n, o.path("shadow"), allowed: ["radius", "color"])
            guard let r = so["radius"] else { throw error(n, o.path("shadow"), "missing key `radius`") }
            let radius = try number(r, so.path("radius"), .glowRadius)
            let c = try so["color"].map { (x) throws(DocumentError) in try color(x, so.path("color")) } ?? Color(red: 0.23, green: 0.51, blue: 0.96, alpha: 0.6)
            s.shadow = Shadow(radius: radius, color: c)
        }
        return s
    }

    /// `padding`: a number for every side or `{"top","right","bottom","left"}` (missing sides 0).
    func insets(_ node: Node, _ path: String) throws(DocumentError) -> Insets<Double> {
        if case .number = node.value { return Insets(all: try length(node, path)) }
        guard case .object = node.value else { throw typeError(node, path, expected: "a number or an object with top, right, bottom, left") }
        let o = try object(node, path, allowed: ["top", "right", "bottom", "left"])
        func side(_ k: String) throws(DocumentError) -> Double { try o[k].map { (n) throws(DocumentError) in try length(n, o.path(k)) } ?? 0 }
        return Insets(top: try side("top"), right: try side("right"), bottom: try side("bottom"), left: try side("left"))
    }

    func borders(_ node: Node, _ path: String) throws(DocumentError) -> Style.Borders {
        let o = try object(node, path, allowed: ["top", "right", "bottom", "left"])
        var b = Style.Borders()
        if let n = o["top"] { b.top = try lineStyle(n, o.path("top")) }
        if let n = o["right"] { b.right = try lineStyle(n, o.path("right")) }
        if let n = o["bottom"] { b.bottom = try lineStyle(n, o.path("bottom")) }
        if let n = o["left"] { b.left = try lineStyle(n, o.path("left")) }
        return b
    }

    /// `{"width", "color", "dash"}`; width defaults to 1 and colour to black.
    func lineStyle(_ node: Node, _ path: String) throws(DocumentError) -> LineStyle {
        let o = try object(node, path, allowed: ["width", "color", "dash"])
        let width = try o["width"].map { (n) throws(DocumentError) in try length(n, o.path("width")) } ?? 1
        let c = try o["color"].map { (n) throws(DocumentError) in try color(n, o.path("color")) } ?? .black
        var dash: [Double] = []
        if let n = o["dash"] {
            let dp = o.path("dash")
            for (i, d) in try array(n, dp).enumerated() { dash.append(try length(d, KeyPathText.index(dp, i))) }
            // Cairo refuses a pattern whose lengths are all 0 (and stops drawing the surface).
            if !dash.isEmpty, !dash.contains(where: { $0 > 0 }) {
                throw error(n, dp, "a dash pattern needs at least one length greater than 0; use [] for a solid line")
            }
        }
        return LineStyle(width: width, color: c, dash: dash)
    }

    func gridLines(_ node: Node, _ path: String) throws(DocumentError) -> GridLinesOverride {
        let o = try object(node, path, allowed: ["horizontal", "vertical", "outer", "header", "onTop"])
        var g = GridLinesOverride()
        func line(_ k: String) throws(DocumentError) -> LineOverride? {
            guard let n = o[k] else { return nil }
            switch n.value {
            case .null, .bool(false): return LineOverride.none
            default: return .line(try lineStyle(n, o.path(k)))
            }
        }
        g.horizontal = try line("horizontal")
        g.vertical = try line("vertical")
        g.outer = try line("outer")
        g.header = try line("header")
        if let n = o["onTop"] {
            guard case .string(let s) = n.value, let f = GridLines.Family(rawValue: s) else {
                throw typeError(n, o.path("onTop"), expected: "\"horizontal\" or \"vertical\"")
            }
            g.onTop = f
        }
        return g
    }

    // MARK: Fonts

    func fontSpec(_ node: Node, _ path: String) throws(DocumentError) -> FontSpec {
        switch node.value {
        case .string(let s):
            guard var f = FontSpec(pangoDescription: s) else {
                throw error(node, path, "invalid font description \(node.summary); expected e.g. \"DejaVu Sans Bold 9\"")
            }
            // The size inside the description is a number of the document too: it passes the
            // same gate as `size` ("DejaVu Sans 2147483648" trapped converting to Pango units).
            if let size = f.size {
                let word = s.split(whereSeparator: { $0 == " " || $0 == "\t" }).last.map(String.init) ?? String(size)
                f.size = try number(Node(.number(size, text: word), line: node.line), path, .fontSize)
            }
            return f
        case .object:
            return try fontFields(try object(node, path, allowed: ["family", "size", "weight", "italic"]))
        default:
            throw typeError(node, path, expected: "a font description string or an object")
        }
    }

    private func fontFields(_ o: ObjectReader) throws(DocumentError) -> FontSpec {
        var f = FontSpec()
        if let n = o["family"] { f.family = try string(n, o.path("family")) }
        if let n = o["size"] {
            f.size = try number(n, o.path("size"), .fontSize)
        }
        if let n = o["weight"] {
            switch n.value {
            case .number:
                f.weight = try integer(n, o.path("weight"), min: 1)
                if f.weight! > 1000 { throw error(n, o.path("weight"), "expected a weight from 1 to 1000, found \(n.summary)") }
            case .string(let s):
                guard let w = FontSpec.weights[FontSpec.normalizeWord(s)] else {
                    throw error(n, o.path("weight"), "unknown font weight \(n.summary); expected a number 1…1000 or one of \"thin\", \"light\", \"normal\", \"medium\", \"semibold\", \"bold\", \"heavy\"")
                }
                f.weight = w
            default: throw typeError(n, o.path("weight"), expected: "a number or a weight name such as \"bold\"")
            }
        }
        if let n = o["italic"] { f.italic = try bool(n, o.path("italic")) }
        return f
    }

    // MARK: Themes

    static let themeKeys = ["name", "extends", "styles", "gridLines", "canvas", "background", "$schema"]

    /// An inline theme (`{"extends": "dark", …}`) or the content of a theme file.
    func themeOverride(_ node: Node, _ path: String) throws(DocumentError) -> Document.ThemeOverride {
        let o = try object(node, path, allowed: Self.themeKeys)
        var t = Document.ThemeOverride()
        if let n = o["name"] { t.name = try string(n, o.path("name")) }
        if let n = o["extends"] { t.extends = try string(n, o.path("extends")) }
        if let n = o["styles"] { t.styles = try styleSheet(n, o.path("styles")) }
        if let n = o["gridLines"] { t.gridLines = try gridLines(n, o.path("gridLines")) }
        if let n = o["background"] { t.background = try color(n, o.path("background")) }
        if let n = o["canvas"] {
            let co = try object(n, o.path("canvas"), allowed: ["background"])
            if let b = co["background"] { t.background = try color(b, co.path("background")) }
        }
        return t
    }
}
