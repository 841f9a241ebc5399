/// `--page SIZE[,landscape]`: the `canvas.page` values written on one line. `SIZE` is a name
/// `canvas.page` takes (`a4`, `letter`) or `WxH` in points (`595x842`, `x` or `×`); `,landscape`
/// puts the long side across, `,portrait` down. Sides are checked as `canvas.page`'s are.
package enum PageSizeArgument {
    /// The named sizes, as `canvas.page` defines them (docs/FORMAT.md).
    package static let named: [(name: String, page: PreparedGrid.Page)] = [
        ("a4", PreparedGrid.Page(width: 595.28, height: 841.89)),
        ("letter", PreparedGrid.Page(width: 612, height: 792)),
    ]

    /// The page `text` names; a bad value is an error whose key path is `--page`.
    package static func parse(_ text: String) throws(DocumentError) -> PreparedGrid.Page {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { ArgumentText.trimmed($0).lowercased() }
        guard let size = parts.first, !size.isEmpty, parts.count <= 2 else {
            throw problem("expected a size (\(names)) or WxH in points, optionally followed by ,landscape; found \"\(Echo.short(text))\"")
        }
        var page: PreparedGrid.Page
        if let named = named.first(where: { $0.name == size }) {
            page = named.page
        } else if let sides = try sides(size) {
            page = sides
        } else {
            var message = "unknown page size \"\(Echo.short(size))\"; expected \(names) or WxH in points (595x842)"
            if let s = EditDistance.suggestion(for: size, among: named.map(\.name)) { message += "; did you mean \"\(s)\"?" }
            throw problem(message)
        }
        if parts.count == 2 {
            let long = Swift.max(page.width, page.height), short = Swift.min(page.width, page.height)
            switch parts[1] {
            case "landscape": page = PreparedGrid.Page(width: long, height: short)
            case "portrait": page = PreparedGrid.Page(width: short, height: long)
            default: throw problem("expected landscape or portrait after the comma, found \"\(Echo.short(parts[1]))\"")
            }
        }
        return page
    }

    private static var names: String { named.map(\.name).joined(separator: ", ") }

    /// `WxH`: two numbers of points, each a page side as `canvas.page` allows (72…1,000,000).
    private static func sides(_ size: String) throws(DocumentError) -> PreparedGrid.Page? {
        let numbers = size.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "×" })
        guard numbers.count == 2 else { return nil }
        let decoder = NodeDecoder(file: nil)
        var values: [Double] = []
        for (number, side) in zip(numbers, ["width", "height"]) {
            let text = ArgumentText.trimmed(number)
            guard let v = Double(text), text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
            do { values.append(try decoder.number(Node(.number(v, text: text), line: 0), side, .pageSide)) } catch {
                throw problem("the page \(side): \(error.message)")
            }
        }
        return PreparedGrid.Page(width: values[0], height: values[1])
    }

    private static func problem(_ message: String) -> DocumentError { DocumentError(keyPath: "--page", message) }
}
