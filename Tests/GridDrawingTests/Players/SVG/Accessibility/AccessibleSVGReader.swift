import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What an accessible SVG tells assistive technology, read back with Foundation's XMLParser
/// (not with the code that wrote it): the root's attributes, `<title>` and `<desc>`, the table
/// (or list) group and its rows and cells, and whether anything drawn sits outside the hidden
/// group or any role inside it.
final class AccessibleSVGReader: NSObject, XMLParserDelegate {
    struct Cell: Equatable, CustomStringConvertible {
        var role: String
        var label: String?
        var attributes: [String: String]
        var rect: [String: String]?
        var description: String { "\(role)(\(label ?? "-"))" }
        func int(_ name: String) -> Int? { attributes[name].flatMap(Int.init) }
    }

    private(set) var root: [String: String] = [:]
    private(set) var titles: [(id: String?, text: String)] = []
    private(set) var descriptions: [(id: String?, text: String)] = []
    /// The `table` or `list` group's attributes (`role` included).
    private(set) var container: [String: String]?
    private(set) var rows: [(attributes: [String: String], cells: [Cell])] = []
    private(set) var items: [Cell] = []
    /// Drawing elements (`path`, `use`, `image`, `text`) outside every `aria-hidden` group.
    private(set) var inkOutsideHidden = 0
    /// Elements with a role inside an `aria-hidden` group.
    private(set) var rolesInsideHidden = 0
    /// Rectangles in role groups whose fill is not `none`.
    private(set) var paintedRects = 0
    private(set) var error: Error?

    private var stack: [(name: String, hidden: Bool, role: String?)] = []
    private var text = ""
    private var openCell: Cell?
    private var openID: String?

    init(_ bytes: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    /// Every cell, row by row.
    var cells: [Cell] { rows.flatMap(\.cells) }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let hidden = (stack.last?.hidden ?? false) || attributes["aria-hidden"] == "true"
        let role = attributes["role"]
        if name == "svg" && stack.isEmpty { root = attributes }
        if hidden && role != nil { rolesInsideHidden += 1 }
        if !hidden && ["path", "use", "image", "text"].contains(name) { inkOutsideHidden += 1 }
        switch role {
        case "table", "list": container = attributes
        case "row": rows.append((attributes, []))
        case "columnheader", "rowheader", "cell", "listitem":
            openCell = Cell(role: role!, label: attributes["aria-label"], attributes: attributes)
        default: break
        }
        if name == "rect", openCell != nil {
            openCell?.rect = attributes
            if attributes["fill"] != "none" { paintedRects += 1 }
        }
        text = ""
        if name == "title" || name == "desc" { openID = attributes["id"] }
        stack.append((name, hidden, role))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let element = stack.removeLast()
        if name == "title" { titles.append((openID, text)) }
        if name == "desc" { descriptions.append((openID, text)) }
        if let cell = openCell, element.role == cell.role {
            if cell.role == "listitem" { items.append(cell) } else if !rows.isEmpty { rows[rows.count - 1].cells.append(cell) }
            openCell = nil
        }
    }
}
