import GridLayout

/// A theme written out as a theme file, so a preset can be the starting point of one's own:
/// `gridrender themes --show striped > brand.json`. Keys are written in a fixed order, colours as
/// `#rrggbb` or `#rrggbbaa`, fonts as objects.
///
/// A theme file always sits on another theme (`extends`, by default the default theme), and the
/// format cannot unset a property, so the text of a preset names the preset itself in `extends`:
/// every value is written out to be edited, and what the preset leaves unset stays unset.
/// Reading it back gives the same look (a test checks every preset).
extension Theme {
    /// This theme as a theme file; `extends` names the theme it sits on (nil: the default theme).
    package func jsonText(extends base: String? = nil) -> String {
        var members: [(String, String)] = [("name", JSONText.string(name))]
        if let base { members.append(("extends", JSONText.string(base))) }
        if let background { members.append(("background", JSONText.string(background.hexString))) }
        let sheet = JSONText.styleSheet(styles)
        if sheet != "{}" { members.append(("styles", sheet)) }
        let lines = JSONText.gridLines(gridLines)
        if lines != "{}" { members.append(("gridLines", lines)) }
        return "{\n" + members.map { "  \(JSONText.string($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}"
    }
}

/// Small JSON writers for theme values.
enum JSONText {
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = Array("0123456789abcdef")
                    out += "\\u00" + String(hex[Int(u.value >> 4)]) + String(hex[Int(u.value & 15)])
                } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    static func object(_ members: [(String, String?)]) -> String {
        let present = members.compactMap { m in m.1.map { "\(string(m.0)): \($0)" } }
        return "{" + present.joined(separator: ", ") + "}"
    }

    static func color(_ c: Color?) -> String? { c.map { string($0.hexString) } }

    static func line(_ l: LineStyle?) -> String? {
        guard let l else { return nil }
        return object([("width", number(l.width)), ("color", color(l.color)),
                       ("dash", l.dash.isEmpty ? nil : "[" + l.dash.map(number).joined(separator: ", ") + "]")])
    }

    static func style(_ s: Style?) -> String? {
        guard let s else { return nil }
        let font = s.font.map { f in
            object([("family", f.family.map(string)), ("size", f.size.map(number)),
                    ("weight", f.weight.map { String($0) }), ("italic", f.italic.map { $0 ? "true" : "false" })])
        }
        let padding = s.padding.map { p in
            object([("top", number(p.top)), ("right", number(p.right)), ("bottom", number(p.bottom)), ("left", number(p.left))])
        }
        let borders = s.borders.map { b in
            object([("top", line(b.top)), ("right", line(b.right)), ("bottom", line(b.bottom)), ("left", line(b.left))])
        }
        let shadow = s.shadow.map { object([("radius", number($0.radius)), ("color", color($0.color))]) }
        return object([
            ("background", color(s.background)), ("color", color(s.color)), ("font", font), ("padding", padding),
            ("align", s.align.map { string($0.rawValue) }), ("verticalAlign", s.verticalAlign.map { string($0.rawValue) }),
            ("wrap", s.wrap.map { $0 ? "true" : "false" }), ("maxLines", s.maxLines.map { String($0) }),
            ("ellipsize", s.ellipsize.map { string($0.rawValue) }), ("borders", borders),
            ("opacity", s.opacity.map(number)), ("shadow", shadow),
            ("markup", s.markup.map { string($0.rawValue) }), ("linkColor", color(s.linkColor)),
        ])
    }

    static func styleSheet(_ sheet: StyleSheet) -> String {
        var layers: [(String, String?)] = [
            ("cell", style(sheet.cell)), ("row", style(sheet.row)), ("alternateRow", style(sheet.alternateRow)),
            ("header", style(sheet.header)), ("sectionHeader", style(sheet.sectionHeader)),
            ("selectedRow", style(sheet.selectedRow)), ("stub", style(sheet.stub)), ("summary", style(sheet.summary)),
        ]
        if !sheet.columns.isEmpty {
            layers.append(("columns", object(sheet.columns.keys.sorted().map { ($0, style(sheet.columns[$0])) })))
        }
        layers += [("title", style(sheet.title)), ("subtitle", style(sheet.subtitle)), ("footnote", style(sheet.footnote))]
        let present = layers.compactMap { m in m.1.map { "    \(string(m.0)): \($0)" } }
        return present.isEmpty ? "{}" : "{\n" + present.joined(separator: ",\n") + "\n  }"
    }

    static func gridLines(_ g: GridLines) -> String {
        let members: [(String, String?)] = [
            ("horizontal", line(g.horizontal)), ("vertical", line(g.vertical)), ("outer", line(g.outer)),
            ("header", line(g.header)), ("onTop", g.onTop.map { string($0.rawValue) }),
        ]
        let present = members.compactMap { m in m.1.map { "    \(string(m.0)): \($0)" } }
        return present.isEmpty ? "{}" : "{\n" + present.joined(separator: ",\n") + "\n  }"
    }
}
