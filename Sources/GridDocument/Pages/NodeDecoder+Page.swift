/// `canvas.page`: a size name (`"a4"`, `"letter"`) or an object with the size (`size` and
/// `orientation`, or `width` and `height`) and how the table runs across pages (`continued`,
/// `continues`, `split`, `order`; docs/FORMAT.md).
extension NodeDecoder {
    static let pageKeys = ["size", "orientation", "width", "height", "continued", "continues", "split", "order"]

    /// The paper's long side across (`landscape`) or down (`portrait`).
    enum PageOrientation: String, CaseIterable { case portrait, landscape }
    /// What `split` may say.
    enum PageSplit: String, CaseIterable { case columns }

    func page(_ node: Node, _ path: String) throws(DocumentError) -> (page: PreparedGrid.Page, flow: PreparedGrid.PageFlow) {
        let expectation = "\(namedPages) or an object with `size` or `width` and `height`"
        switch node.value {
        case .string:
            return (try namedPage(node, path), PreparedGrid.PageFlow())
        case .object:
            let o = try object(node, path, allowed: Self.pageKeys)
            var page: PreparedGrid.Page
            switch (o["size"], o["width"], o["height"]) {
            case (let size?, nil, nil):
                page = try namedPage(size, o.path("size"))
            case (nil, let w?, let h?):
                page = PreparedGrid.Page(width: try number(w, o.path("width"), .pageSide), height: try number(h, o.path("height"), .pageSide))
            case (_?, _, _):
                throw error(node, path, "`size` names the page: give it or `width` and `height`, not both")
            default:
                throw error(node, path, "a page needs `size` (\(namedPages)) or `width` and `height`")
            }
            if let n = o["orientation"] {
                let long = max(page.width, page.height), short = min(page.width, page.height)
                page = switch try enumeration(n, o.path("orientation"), PageOrientation.self) {
                case .landscape: PreparedGrid.Page(width: long, height: short)
                case .portrait: PreparedGrid.Page(width: short, height: long)
                }
            }
            var flow = PreparedGrid.PageFlow()
            if let n = o["continued"] { flow.continued = try pageLine(n, o.path("continued"), true: PreparedGrid.PageFlow.continuedText) }
            if let n = o["continues"] { flow.continues = try pageLine(n, o.path("continues"), true: PreparedGrid.PageFlow.continuesText) }
            if let n = o["split"] { flow.splitsColumns = try enumeration(n, o.path("split"), PageSplit.self) == .columns }
            if let n = o["order"] { flow.order = try enumeration(n, o.path("order"), PreparedGrid.PageFlow.Order.self) }
            return (page, flow)
        default:
            throw typeError(node, path, expected: expectation)
        }
    }

    /// `"a4"` or `"letter"` (any case), as `PageSizeArgument.named` lists them.
    private func namedPage(_ node: Node, _ path: String) throws(DocumentError) -> PreparedGrid.Page {
        guard case .string(let s) = node.value else { throw typeError(node, path, expected: namedPages) }
        if let named = PageSizeArgument.named.first(where: { $0.name == s.lowercased() }) { return named.page }
        var message = "unknown page size \(node.summary); expected \(namedPages) or {\"width\", \"height\"}"
        if let s = EditDistance.suggestion(for: s.lowercased(), among: PageSizeArgument.named.map(\.name)) { message += "; did you mean \"\(s)\"?" }
        throw error(node, path, message)
    }

    private var namedPages: String { Self.list(PageSizeArgument.named.map { "\"\($0.name)\"" }) }

    /// `true` (the default text), `false` (none) or a text of one line.
    private func pageLine(_ node: Node, _ path: String, true text: String) throws(DocumentError) -> String? {
        switch node.value {
        case .bool(let b): return b ? text : nil
        case .string:
            let s = try string(node, path)
            guard !s.isEmpty else { throw error(node, path, "expected true, false or a non-empty text, found \"\"") }
            return s
        default: throw typeError(node, path, expected: "true, false or a text")
        }
    }
}
