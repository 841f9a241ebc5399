import Foundation
import GridDocument

/// The one HTML review page of image comparisons: `compare EXPECTED_DIR ACTUAL_DIR --report`
/// (`FolderReportPage`), `compare A B --report` and the Swift snapshot reports (`SnapshotReport`,
/// used by GridSnapshotTesting and the swift-snapshot-testing adapter) all write it, so a
/// reviewer meets one page whatever found the change.
///
/// Per entry: the statistics, the expected, actual and diff images with the changed area boxed
/// (`ComparisonResult.changedBox`) and the masks outlined, in five views (side by side, a wipe
/// slider, blink, the diff image, and "zoom to change": the three images cropped to the box with
/// a margin and enlarged by a whole factor, pixels kept sharp). Clicking any image shows it at
/// 1:1 device pixels in a scrollable overlay, scrolled to the box. Keyboard: j / ↓ next,
/// k / ↑ previous (across pages), n / p next and previous page, / the filter, 1–5 the views
/// (z zoom), b swaps blink, f full size, Esc closes it.
///
/// One static file with inline CSS and script and relative image links: it works offline, from
/// disk or as a CI artifact. Each entry's markup is an inert `<template>`; the script shows a page
/// of `pageSize` entries at a time (the filter and j/k cross pages), so a report of 10,000
/// entries lays out 100; every image is `loading="lazy"` with its size given. All text goes through `XMLText.escaped`,
/// every link through `URLPath.reference` first.
package struct ReviewPage: Sendable {
    /// One compared image (or snapshot) on the page.
    package struct Entry: Sendable, Hashable {
        /// The relative path or the snapshot's name.
        package var title: String
        /// `changed`, `added`, `removed`, `error` (folder entries) or `failed` (snapshots).
        package var status: String
        /// The statistics line.
        package var summary: String
        /// Longer text shown as written (a snapshot failure's message).
        package var message: String?
        /// Where the reference lives, for the reader to find it.
        package var reference: String?
        /// Image paths relative to the page.
        package var expected: String?
        package var actual: String?
        /// The three-panel diff image (expected | diff | actual).
        package var diff: String?
        package var expectedSize: ComparisonResult.Size?
        package var actualSize: ComparisonResult.Size?
        /// In pixels of the expected image; drawn on every image and zoomed to.
        package var changedBox: ComparisonResult.Rect?
        package var masks: [ComparisonResult.Rect]
        /// The command that accepts this change.
        package var acceptCommand: String?

        package init(title: String, status: String, summary: String, message: String? = nil, reference: String? = nil,
                     expected: String? = nil, actual: String? = nil, diff: String? = nil,
                     expectedSize: ComparisonResult.Size? = nil, actualSize: ComparisonResult.Size? = nil,
                     changedBox: ComparisonResult.Rect? = nil, masks: [ComparisonResult.Rect] = [],
                     acceptCommand: String? = nil) {
            self.title = title; self.status = status; self.summary = summary; self.message = message
            self.reference = reference; self.expected = expected; self.actual = actual; self.diff = diff
            self.expectedSize = expectedSize; self.actualSize = actualSize; self.changedBox = changedBox
            self.masks = masks; self.acceptCommand = acceptCommand
        }

        /// The box and sizes of a comparison's result.
        package mutating func take(_ result: ComparisonResult) {
            expectedSize = result.expectedSize
            actualSize = result.actualSize
            changedBox = result.changedBox
        }
    }

    /// A labelled value in the page header (`expected <code>ref/</code>`).
    package struct Detail: Sendable, Hashable {
        package var label: String
        package var value: String
        package init(_ label: String, _ value: String) { self.label = label; self.value = value }
    }

    package var title: String
    package var summary: String
    package var details: [Detail]
    /// The command that accepts every change, shown in the header.
    package var acceptAll: String?
    package var entries: [Entry]
    /// Names listed, folded, after the entries (unchanged images).
    package var unchanged: [String]
    /// Shown when there is no entry.
    package var emptyMessage: String

    package init(title: String, summary: String, details: [Detail] = [], acceptAll: String? = nil,
                 entries: [Entry], unchanged: [String] = [], emptyMessage: String = "Nothing to review.") {
        self.title = title; self.summary = summary; self.details = details; self.acceptAll = acceptAll
        self.entries = entries; self.unchanged = unchanged; self.emptyMessage = emptyMessage
    }

    /// Writes the page atomically to `path` (the images it links must be where the links say).
    package func write(to path: String) throws(ImageError) {
        try FileIO.write(Data(html().utf8), to: path)
    }

    // MARK: - HTML

    /// Entries shown at a time: a page of 10,000 entries lays out and wires only these.
    static let pageSize = 100

    package func html() -> String {
        // Each entry's markup is an inert `<template>`: parsed, never laid out, its images not
        // fetched, until the script shows its page (`pageSize` at a time, filtered by the nav's
        // search field). Titles and statuses for the nav are one JSON blob.
        var templates = ""
        for (index, entry) in entries.enumerated() {
            templates += "<template class=\"entry\">" + section(entry, id: "e\(index)") + "</template>\n"
        }
        var body = entries.isEmpty ? "<p class=\"ok\">\(XMLText.escaped(emptyMessage))</p>\n" : "<div id=\"entries\"></div>\n"
        body += templates
        if !unchanged.isEmpty {
            body += "<details class=\"unchanged\"><summary>\(unchanged.count) unchanged</summary><ul>\n"
            for name in unchanged { body += "<li><code>\(XMLText.escaped(name))</code></li>\n" }
            body += "</ul></details>\n"
        }
        let detailLine = details.map { "\(XMLText.escaped($0.label)) <code>\(XMLText.escaped($0.value))</code>" }.joined(separator: " · ")
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(XMLText.escaped(title)): \(XMLText.escaped(summary))</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        <header>
        <h1>\(XMLText.escaped(title))</h1>
        <p class="summary">\(XMLText.escaped(summary))</p>
        \(detailLine.isEmpty ? "" : "<p class=\"dirs\">\(detailLine)</p>")
        <p class="keys">Keys: <kbd>j</kbd>/<kbd>↓</kbd> next, <kbd>k</kbd>/<kbd>↑</kbd> previous, <kbd>n</kbd>/<kbd>p</kbd> next/previous page, <kbd>/</kbd> filter, <kbd>1</kbd> side by side, <kbd>2</kbd> slider, <kbd>3</kbd> blink, <kbd>4</kbd> diff, <kbd>5</kbd>/<kbd>z</kbd> zoom to change, <kbd>b</kbd> swap, <kbd>f</kbd> full size (or click an image), <kbd>Esc</kbd> close.</p>
        \(acceptAll.map { "<p class=\"accept\">Accept every change: <code>\(XMLText.escaped($0))</code></p>" } ?? "")
        </header>
        <nav>\(entries.isEmpty ? "" : "<div class=\"pager\"><input type=\"search\" class=\"filter\" placeholder=\"filter by name or status\" aria-label=\"filter entries\"><div><button type=\"button\" class=\"prev\">‹ page</button> <span class=\"range\"></span> <button type=\"button\" class=\"next\">page ›</button></div></div>")<ul></ul></nav>
        <main>
        <noscript><p>This page shows its entries with JavaScript.</p></noscript>
        \(body)</main>
        <div id="full" class="full" hidden tabindex="-1" role="dialog" aria-label="image at full size"><div class="full-bar"><span class="full-title"></span> <button type="button" class="full-close">close (Esc)</button></div><div class="full-scroll"></div></div>
        <script type="application/json" id="index">\(indexJSON())</script>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
    }

    /// `[{"title", "status"}…]` of every entry, in page order, for the nav and the filter.
    func indexJSON() -> String {
        "[" + entries.map { "{\"title\":\(Self.scriptJSONString($0.title)),\"status\":\(Self.scriptJSONString($0.status))}" }
            .joined(separator: ",\n") + "]"
    }

    /// A JSON string that can sit inside an HTML `<script>` element: quotes, backslashes and
    /// controls escaped as JSON requires, and `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`, so no
    /// text can close the element or start a comment. The page's one JSON-in-HTML escaping.
    static func scriptJSONString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A status as a class name: letters only, so no status text can add a class or an attribute.
    static func token(_ status: String) -> String {
        String(status.unicodeScalars.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }.map(Character.init))
    }

    private func section(_ entry: Entry, id: String) -> String {
        let status = Self.token(entry.status)
        let both = entry.expected != nil && entry.actual != nil
        let zoom = both ? Zoom(entry) : nil
        // A change smaller than a quarter of the image opens zoomed in: scaled to fit, it is a dot.
        let initial = zoom?.isSmall == true ? "zoom" : "side"
        var s = "<section id=\"\(id)\" class=\"entry s-\(status)\" tabindex=\"-1\" data-title=\"\(XMLText.escaped(entry.title))\">\n"
        s += "<h2><span class=\"badge\">\(XMLText.escaped(entry.status))</span> \(XMLText.escaped(entry.title))</h2>\n"
        if let reference = entry.reference {
            s += "<p class=\"ref\">reference: <code>\(XMLText.escaped(reference))</code></p>\n"
        }
        s += "<p class=\"stats\">\(XMLText.escaped(entry.summary))</p>\n"
        if let message = entry.message, message != entry.summary {
            s += "<pre class=\"message\">\(XMLText.escaped(message))</pre>\n"
        }
        if both {
            func tab(_ view: String, _ label: String) -> String {
                "<button type=\"button\" data-view=\"\(view)\"\(view == initial ? " class=\"on\"" : "")>\(label)</button>"
            }
            var tabs = tab("side", "1 side by side") + tab("slider", "2 slider") + tab("blink", "3 blink")
            if entry.diff != nil { tabs += tab("diff", "4 diff") }
            if zoom != nil { tabs += tab("zoom", "5 zoom to change") }
            tabs += "<button type=\"button\" class=\"open-full\">full size</button>"
            func on(_ view: String) -> String { view == initial ? " on" : "" }
            let e = picture(entry.expected, role: "expected", entry: entry)
            let a = picture(entry.actual, role: "actual", entry: entry)
            s += "<div class=\"tabs\" role=\"tablist\">\(tabs)</div>\n"
            s += "<div class=\"view side\(on("side"))\"><figure>\(e)<figcaption>expected</figcaption></figure><figure>\(a)<figcaption>actual</figcaption></figure></div>\n"
            s += "<div class=\"view slider\"><div class=\"wipe\">\(plainImage(entry.actual, role: "actual", size: entry.actualSize))<div class=\"top\">\(plainImage(entry.expected, role: "expected", size: entry.expectedSize))</div></div><input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"wipe between expected and actual\"><p class=\"hint\">left: expected · right: actual</p></div>\n"
            s += "<div class=\"view blink\"><div class=\"flip\">\(e)\(a)</div><p class=\"hint\">showing <span class=\"which\">expected</span> (press b to swap)</p></div>\n"
            if entry.diff != nil {
                s += "<div class=\"view diff\"><figure>\(picture(entry.diff, role: "diff", entry: entry))<figcaption>expected | diff | actual</figcaption></figure></div>\n"
            }
            if let zoom { s += zoom.html(entry, initial: initial == "zoom") }
        } else if entry.expected != nil || entry.actual != nil || entry.diff != nil {
            // One side only (an added or removed image, a snapshot without a reference).
            var figures = ""
            if entry.expected != nil {
                figures += "<figure>\(picture(entry.expected, role: "expected", entry: entry))<figcaption>\(entry.actual == nil ? "reference without a new image" : "expected")</figcaption></figure>"
            }
            if entry.actual != nil {
                figures += "<figure>\(picture(entry.actual, role: "actual", entry: entry))<figcaption>\(entry.expected == nil ? "new image (no reference)" : "actual")</figcaption></figure>"
            }
            if entry.diff != nil {
                figures += "<figure>\(picture(entry.diff, role: "diff", entry: entry))<figcaption>expected | diff | actual</figcaption></figure>"
            }
            s += "<div class=\"view side on\">\(figures)</div>\n"
        }
        if let accept = entry.acceptCommand {
            s += "<p class=\"accept\">Accept: <code>\(XMLText.escaped(accept))</code></p>\n"
        }
        return s + "</section>\n"
    }

    static func href(_ path: String) -> String { XMLText.escaped(URLPath.reference(path)) }

    /// `width`/`height` attributes, so a lazy image keeps its place before it loads.
    private static func sizeAttributes(_ size: ComparisonResult.Size?) -> String {
        guard let size, size.width > 0, size.height > 0 else { return "" }
        return " width=\"\(size.width)\" height=\"\(size.height)\""
    }

    private func plainImage(_ path: String?, role: String, size: ComparisonResult.Size?) -> String {
        guard let path else { return "<div class=\"missing\">no \(role) image</div>" }
        return "<img src=\"\(Self.href(path))\" alt=\"\(role)\" loading=\"lazy\" decoding=\"async\"\(Self.sizeAttributes(size))>"
    }

    /// The size of the diff image: three panels as wide as the wider image, as tall as the taller.
    static func diffSize(_ entry: Entry) -> (size: ComparisonResult.Size, panel: Int)? {
        guard let e = entry.expectedSize, let a = entry.actualSize else { return nil }
        let panel = max(e.width, a.width)
        return (ComparisonResult.Size(width: panel * 3, height: max(e.height, a.height)), panel)
    }

    /// An image that opens at full size when clicked (a plain link without the script), with the
    /// change boxed and the masks outlined in percentages of the image, so they follow its scaling.
    private func picture(_ path: String?, role: String, entry: Entry) -> String {
        guard let path else { return "<div class=\"missing\">no \(role) image</div>" }
        var size: ComparisonResult.Size?, offset = 0
        switch role {
        case "expected": size = entry.expectedSize
        case "actual": size = entry.actualSize
        default:
            if let diff = Self.diffSize(entry) { size = diff.size; offset = diff.panel }
        }
        var overlays = ""
        if let size, size.width > 0, size.height > 0 {
            func place(_ r: ComparisonResult.Rect, _ kind: String) -> String {
                let style = "left:\(Self.percent(r.x + offset, of: size.width))%;top:\(Self.percent(r.y, of: size.height))%;"
                    + "width:\(Self.percent(r.width, of: size.width))%;height:\(Self.percent(r.height, of: size.height))%"
                return "<span class=\"\(kind)\" style=\"\(style)\" data-rect=\"\(r.x) \(r.y) \(r.width) \(r.height)\"></span>"
            }
            for mask in entry.masks { overlays += place(mask, "mask") }
            if let box = entry.changedBox { overlays += place(box, "box") }
        }
        let image = "<img src=\"\(Self.href(path))\" alt=\"\(role)\" loading=\"lazy\" decoding=\"async\"\(Self.sizeAttributes(size))>"
        return "<a class=\"pic\" href=\"\(Self.href(path))\" data-role=\"\(role)\" title=\"click for full size\">\(image)\(overlays)</a>"
    }

    /// `part / whole` in percent with at most four decimals, the same bytes in every locale.
    static func percent(_ part: Int, of whole: Int) -> String {
        let units = Int((Double(part) * 1_000_000 / Double(whole)).rounded())
        let sign = units < 0 ? "-" : "", magnitude = abs(units)
        var text = "\(magnitude / 10_000)"
        var fraction = String(magnitude % 10_000)
        if fraction != "0" {
            fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return sign + text
    }

    /// "Zoom to change": the box with a margin, cut out of the expected, diff and actual images
    /// and shown enlarged by a whole factor (1–16, so three crops of about 256×192 px fit side by side).
    struct Zoom {
        /// The crop, in pixels of the expected image.
        let crop: ComparisonResult.Rect
        let box: ComparisonResult.Rect
        let scale: Int
        let isSmall: Bool

        init?(_ entry: Entry) {
            guard let box = entry.changedBox, box.width > 0, box.height > 0,
                  let e = entry.expectedSize, let a = entry.actualSize else { return nil }
            let width = max(e.width, a.width), height = max(e.height, a.height)
            let margin = max(8, max(box.width, box.height) / 4)
            let left = max(0, box.x - margin), top = max(0, box.y - margin)
            let right = min(width, box.x + box.width + margin), bottom = min(height, box.y + box.height + margin)
            guard right > left, bottom > top else { return nil }
            crop = ComparisonResult.Rect(x: left, y: top, width: right - left, height: bottom - top)
            self.box = box
            scale = max(1, min(16, min(256 / crop.width, 192 / crop.height)))
            isSmall = box.width * box.height * 4 < width * height
        }

        func html(_ entry: Entry, initial: Bool) -> String {
            let s = scale
            func cut(_ path: String?, role: String, size: ComparisonResult.Size?, offset: Int) -> String {
                guard let path, let size else { return "" }
                let imageStyle = "width:\(size.width * s)px;height:\(size.height * s)px;left:\(-(crop.x + offset) * s)px;top:\(-crop.y * s)px"
                var overlays = ""
                func place(_ r: ComparisonResult.Rect, _ kind: String) -> String {
                    "<span class=\"\(kind)\" style=\"left:\((r.x - crop.x) * s)px;top:\((r.y - crop.y) * s)px;width:\(r.width * s)px;height:\(r.height * s)px\"></span>"
                }
                for mask in entry.masks { overlays += place(mask, "mask") }
                overlays += place(box, "box")
                return "<figure><a class=\"crop\" href=\"\(ReviewPage.href(path))\" data-role=\"\(role)\" title=\"click for full size\" style=\"width:\(crop.width * s)px;height:\(crop.height * s)px\">"
                    + "<img src=\"\(ReviewPage.href(path))\" alt=\"\(role), zoomed\" loading=\"lazy\" decoding=\"async\" style=\"\(imageStyle)\">\(overlays)</a><figcaption>\(role)</figcaption></figure>"
            }
            var crops = cut(entry.expected, role: "expected", size: entry.expectedSize, offset: 0)
            if let diff = ReviewPage.diffSize(entry) {
                crops += cut(entry.diff, role: "diff", size: diff.size, offset: diff.panel)
            }
            crops += cut(entry.actual, role: "actual", size: entry.actualSize, offset: 0)
            let hint = "changed area \(box.width)×\(box.height) at (\(box.x), \(box.y)); shown: \(crop.width)×\(crop.height) at (\(crop.x), \(crop.y)), \(s)× enlarged"
            return "<div class=\"view zoom\(initial ? " on" : "")\" data-box=\"\(box.x) \(box.y) \(box.width) \(box.height)\" data-crop=\"\(crop.x) \(crop.y) \(crop.width) \(crop.height)\" data-scale=\"\(s)\"><div class=\"crops\">\(crops)</div><p class=\"hint\">\(hint)</p></div>\n"
        }
    }
}
