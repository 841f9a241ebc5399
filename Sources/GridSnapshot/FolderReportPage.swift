import Foundation
import GridDocument

/// The HTML review page of a folder comparison (`compare EXPECTED_DIR ACTUAL_DIR --report DIR`):
/// one static `index.html` with inline CSS and script and the images beside it in `images/`, so
/// the folder works offline from disk or as a CI artifact, with no network access at all.
///
/// Changed, added, removed and unreadable images come first. Each changed image has four views:
/// side by side, a slider that wipes from the expected to the actual image, blink (the two
/// alternate every 600 ms, or on a key press), and the diff image; each has the command that
/// accepts it. Keyboard: j / ↓ next image, k / ↑ previous, 1–4 the views, b toggles blink.
/// Unchanged images are listed by name only (their pictures are not copied).
package struct FolderReportPage: Sendable {
    package let report: FolderReport

    package init(report: FolderReport) { self.report = report }

    /// Where the images of a report in `directory` go (diff images are written there directly).
    package static func imagesDirectory(in directory: String) -> String { directory + "/images" }

    /// Writes a file atomically (temporary file + rename), as every report output is written.
    package static func write(_ data: Data, to path: String) throws(ImageError) {
        try FileIO.write(data, to: path)
    }

    /// Writes `index.html` and copies the images it shows into `directory/images`.
    package func write(to directory: String) throws(ImageError) {
        let root = PathBytes.absolute(directory)
        let images = Self.imagesDirectory(in: root)
        try FileIO.createDirectory(images)
        var links: [String: [String: String]] = [:]
        for entry in report.entries where entry.status != .unchanged && entry.status != .error {
            var roles: [String: String] = [:]
            for (role, source) in [("expected", entry.expectedImage), ("actual", entry.actualImage), ("diff", entry.diffImage)] {
                guard let source else { continue }
                let target = "\(images)/\(entry.path).\(role).png"
                let absolute = PathBytes.absolute(source)
                if absolute != target {
                    try FileIO.write(try FileIO.read(absolute), to: target)
                }
                roles[role] = "images/\(entry.path).\(role).png"
            }
            links[entry.path] = roles
        }
        try FileIO.write(Data(html(links: links).utf8), to: root + "/index.html")
    }

    // MARK: - HTML

    static func href(_ path: String) -> String {
        XMLText.escaped(URLPath.reference(path))
    }

    func html(links: [String: [String: String]]) -> String {
        let flagged = report.entries.filter { $0.status != .unchanged }
        let unchanged = report.entries.filter { $0.status == .unchanged }
        var nav = "", body = ""
        for (index, entry) in flagged.enumerated() {
            let id = "e\(index)"
            nav += "<li><a href=\"#\(id)\" class=\"s-\(entry.status.rawValue)\"><span class=\"badge\">\(entry.status.rawValue)</span> \(XMLText.escaped(entry.path))</a></li>\n"
            body += section(entry, id: id, links: links[entry.path] ?? [:])
        }
        if flagged.isEmpty { body = "<p class=\"ok\">Every image is unchanged.</p>\n" }
        if !unchanged.isEmpty {
            body += "<details class=\"unchanged\"><summary>\(unchanged.count) unchanged</summary><ul>\n"
            for entry in unchanged { body += "<li><code>\(XMLText.escaped(entry.path))</code></li>\n" }
            body += "</ul></details>\n"
        }
        let acceptAll = report.acceptCommand(prune: report.count(.removed) > 0)
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>gridrender compare: \(XMLText.escaped(report.summary))</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        <header>
        <h1>gridrender compare</h1>
        <p class="summary">\(XMLText.escaped(report.summary))</p>
        <p class="dirs">expected <code>\(XMLText.escaped(report.expectedDirectory))</code> · actual <code>\(XMLText.escaped(report.actualDirectory))</code></p>
        <p class="keys">Keys: <kbd>j</kbd>/<kbd>↓</kbd> next, <kbd>k</kbd>/<kbd>↑</kbd> previous, <kbd>1</kbd> side by side, <kbd>2</kbd> slider, <kbd>3</kbd> blink, <kbd>4</kbd> diff, <kbd>b</kbd> swap.</p>
        \(flagged.isEmpty ? "" : "<p class=\"accept\">Accept every change: <code>\(XMLText.escaped(acceptAll))</code></p>")
        </header>
        <nav><ul>
        \(nav)</ul></nav>
        <main>
        \(body)</main>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
    }

    private func section(_ entry: FolderComparison.Entry, id: String, links: [String: String]) -> String {
        var s = "<section id=\"\(id)\" class=\"entry s-\(entry.status.rawValue)\" tabindex=\"-1\">\n"
        s += "<h2><span class=\"badge\">\(entry.status.rawValue)</span> \(XMLText.escaped(entry.path))</h2>\n"
        s += "<p class=\"stats\">\(XMLText.escaped(entry.summary))</p>\n"
        let e = links["expected"].map(Self.href), a = links["actual"].map(Self.href), d = links["diff"].map(Self.href)
        func img(_ src: String?, _ alt: String) -> String {
            guard let src else { return "<div class=\"missing\">no \(alt) image</div>" }
            return "<img src=\"\(src)\" alt=\"\(alt)\">"
        }
        switch entry.status {
        case .changed:
            s += """
            <div class="tabs" role="tablist"><button data-view="side" class="on">1 side by side</button><button data-view="slider">2 slider</button><button data-view="blink">3 blink</button><button data-view="diff">4 diff</button></div>
            <div class="view side on"><figure>\(img(e, "expected"))<figcaption>expected</figcaption></figure><figure>\(img(a, "actual"))<figcaption>actual</figcaption></figure></div>
            <div class="view slider"><div class="wipe">\(img(a, "actual"))<div class="top">\(img(e, "expected"))</div></div><input type="range" min="0" max="100" value="50" aria-label="wipe between expected and actual"><p class="hint">left: expected · right: actual</p></div>
            <div class="view blink"><div class="flip">\(img(e, "expected"))\(img(a, "actual"))</div><p class="hint">showing <span class="which">expected</span> (press b to swap)</p></div>
            <div class="view diff"><figure>\(img(d, "diff"))<figcaption>expected | diff | actual</figcaption></figure></div>

            """
        case .added:
            s += "<div class=\"view side on\"><figure>\(img(a, "actual"))<figcaption>new image (no reference)</figcaption></figure></div>\n"
        case .removed:
            s += "<div class=\"view side on\"><figure>\(img(e, "expected"))<figcaption>reference without a new image</figcaption></figure></div>\n"
        case .error, .unchanged:
            break
        }
        if entry.status != .error {
            s += "<p class=\"accept\">Accept: <code>\(XMLText.escaped(report.acceptCommand(entry.path, prune: entry.status == .removed)))</code></p>\n"
        }
        return s + "</section>\n"
    }

    static let css = """
    body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1d2330; background: #fff; display: grid; grid-template-columns: 280px 1fr; }
    header { grid-column: 1 / 3; padding: 16px 24px; border-bottom: 1px solid #d0d4dc; background: #f5f6f8; }
    h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 0 0 6px; word-break: break-all; }
    nav { border-right: 1px solid #d0d4dc; padding: 8px; overflow-y: auto; max-height: calc(100vh - 150px); position: sticky; top: 0; }
    nav ul { list-style: none; margin: 0; padding: 0; } nav a { display: block; padding: 3px 6px; border-radius: 4px; color: inherit; text-decoration: none; word-break: break-all; }
    nav a.current { background: #dde6ff; }
    main { padding: 16px 24px; min-width: 0; }
    .badge { display: inline-block; font-size: 11px; padding: 1px 6px; border-radius: 8px; color: #fff; background: #6b7280; text-transform: uppercase; }
    .s-changed .badge { background: #c2410c; } .s-added .badge { background: #15803d; } .s-removed .badge { background: #b91c1c; } .s-error .badge { background: #7c3aed; }
    section.entry { border: 1px solid #d0d4dc; border-radius: 6px; padding: 12px; margin: 0 0 20px; }
    section.entry.current { border-color: #3b63d9; box-shadow: 0 0 0 2px #c7d4ff; }
    .stats { font: 12px ui-monospace, monospace; background: #f5f6f8; padding: 6px 8px; border-radius: 4px; white-space: pre-wrap; }
    .tabs button { font: inherit; border: 1px solid #c4c9d4; background: #fff; padding: 3px 10px; margin-right: 4px; border-radius: 4px; cursor: pointer; }
    .tabs button.on { background: #1d2330; color: #fff; border-color: #1d2330; }
    .view { display: none; margin-top: 8px; } .view.on { display: block; } .view.side.on { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
    figure { margin: 0; } .view.side figure { flex: 1 1 0; min-width: 0; } figcaption, .hint { text-align: center; color: #555; font-size: 12px; }
    img { display: block; max-width: 100%; image-rendering: pixelated; border: 1px solid #d0d4dc;
          background: repeating-conic-gradient(#e4e6ea 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
    .wipe { position: relative; display: inline-block; } .wipe .top { position: absolute; inset: 0; overflow: hidden; width: 50%; border-right: 2px solid #3b63d9; }
    .wipe .top img { max-width: none; } .slider input { display: block; width: 100%; max-width: 600px; }
    .flip img + img { display: none; } .flip.swapped img { display: none; } .flip.swapped img + img { display: block; }
    .missing { padding: 24px; color: #555; border: 1px dashed #c4c9d4; }
    .accept code, header code { background: #eef0f4; padding: 1px 4px; border-radius: 3px; word-break: break-all; }
    .ok { color: #15803d; font-weight: 600; } kbd { border: 1px solid #c4c9d4; border-radius: 3px; padding: 0 4px; background: #fff; }
    """

    /// Plain script, no libraries: view switching, the wipe slider, blink and the keyboard.
    /// `document.body.dataset.ready` tells an automated check the script ran to the end.
    static let script = """
    (function () {
      "use strict";
      var entries = Array.prototype.slice.call(document.querySelectorAll("section.entry"));
      var links = Array.prototype.slice.call(document.querySelectorAll("nav a"));
      var current = -1, blinkTimer = null;
      function show(section, name) {
        section.querySelectorAll(".tabs button").forEach(function (b) { b.classList.toggle("on", b.dataset.view === name); });
        section.querySelectorAll(".view").forEach(function (v) { v.classList.toggle("on", v.classList.contains(name)); });
        if (blinkTimer) { clearInterval(blinkTimer); blinkTimer = null; }
        if (name === "blink") { blinkTimer = setInterval(function () { swap(section); }, 600); }
      }
      function swap(section) {
        var flip = section.querySelector(".flip");
        if (!flip) { return; }
        flip.classList.toggle("swapped");
        var which = section.querySelector(".which");
        if (which) { which.textContent = flip.classList.contains("swapped") ? "actual" : "expected"; }
      }
      function select(index) {
        if (!entries.length) { return; }
        current = Math.max(0, Math.min(entries.length - 1, index));
        entries.forEach(function (e, i) { e.classList.toggle("current", i === current); });
        links.forEach(function (a, i) { a.classList.toggle("current", i === current); });
        entries[current].scrollIntoView({ block: "start" });
      }
      entries.forEach(function (section, index) {
        section.querySelectorAll(".tabs button").forEach(function (b) {
          b.addEventListener("click", function () { select(index); show(section, b.dataset.view); });
        });
        var range = section.querySelector(".slider input");
        var top = section.querySelector(".wipe .top");
        if (range && top) {
          var topImage = top.querySelector("img"), base = section.querySelector(".wipe > img");
          var fit = function () { if (topImage && base) { topImage.style.width = base.clientWidth + "px"; } };
          if (base) { base.addEventListener("load", fit); }
          range.addEventListener("input", function () { fit(); top.style.width = range.value + "%"; });
          fit();
        }
      });
      links.forEach(function (a, index) { a.addEventListener("click", function () { select(index); }); });
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) { return; }
        var section = entries[current < 0 ? 0 : current];
        var views = { "1": "side", "2": "slider", "3": "blink", "4": "diff" };
        if (event.key === "j" || event.key === "ArrowDown") { select(current + 1); event.preventDefault(); }
        else if (event.key === "k" || event.key === "ArrowUp") { select(current - 1); event.preventDefault(); }
        else if (section && views[event.key] && section.querySelector(".tabs")) { show(section, views[event.key]); }
        else if (section && event.key === "b") { swap(section); }
      });
      if (entries.length) { select(0); window.scrollTo(0, 0); }
      window.addEventListener("load", function () {
        var broken = Array.prototype.filter.call(document.images, function (i) { return !i.complete || i.naturalWidth === 0; });
        document.body.dataset.images = document.images.length + " loaded, " + broken.length + " broken";
      });
      document.body.dataset.ready = "ok";
    })();
    """
}
