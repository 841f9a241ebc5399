import Foundation
import Testing
import GridDocument
@testable import GridSnapshot

/// The review page with 10,000 entries (issue 29: "folder reports stay responsive with 10,000
/// images"): in headless Chromium the DOM holds at most one page of entries (100), `n` turns
/// the pages and `j` walks to entry 9,999, the filter finds one entry among all of them, and the page's
/// bytes are the same on every build. The times Chromium takes are printed, not asserted.
@Suite struct ReviewPageLargeReportTests {
    static let count = 10_000

    /// Entries of three statuses whose images are three small files shared by all of them.
    static func page() -> ReviewPage {
        let size = ComparisonResult.Size(width: 60, height: 40)
        let entries = (0 ..< count).map { i in
            let name = "dir\(i % 17)/image-\(String(format: "%05d", i)).png"
            return ReviewPage.Entry(
                title: name, status: ["changed", "added", "removed"][i % 3], summary: "\(i % 50 + 1) pixels differ",
                expected: "images/expected.png", actual: "images/actual.png", diff: "images/diff.png",
                expectedSize: size, actualSize: size, changedBox: .init(x: i % 50, y: i % 30, width: 5, height: 4),
                acceptCommand: "gridrender accept -- ref out \(name)")
        }
        return ReviewPage(title: "gridrender compare", summary: "\(count) changed", entries: entries,
                          unchanged: (0 ..< 200).map { "same-\($0).png" })
    }

    @Test func sameBytesEveryTime() {
        let a = Self.page().html(), b = Self.page().html()
        #expect(a == b)
        // Every entry's markup is a template; the index lists every entry once.
        #expect(a.components(separatedBy: "<template class=\"entry\">").count - 1 == Self.count)
        #expect(a.components(separatedBy: "{\"title\":").count - 1 == Self.count)
    }

    @Test func indexEscapesForAScriptElement() throws {
        let hostile = "</script><b>\"\\\u{2028}\u{1}&"
        let page = ReviewPage(title: "t", summary: "s", entries: [ReviewPage.Entry(title: hostile, status: "changed", summary: "x")])
        let json = page.indexJSON()
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&") && !json.contains("\u{2028}"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]])
        #expect(decoded == [["title": hostile, "status": "changed"]])
        #expect(page.html().components(separatedBy: "</script>").count - 1 == 2)   // the index's and the script's own
    }

    @Test(.enabled(if: ReviewPageTests.chromium != nil, "chromium not installed"))
    func tenThousandEntriesInChromium() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try FileIO.createDirectory(dir.file("images"))
        for role in ["expected", "actual", "diff"] {
            try TestImages.gradient(role == "diff" ? 180 : 60, 40).writePNG(to: dir.file("images/\(role).png"))
        }
        // After the page's script: count the sections, walk j to the last entry, then filter.
        let probe = """
        <script>
        (function () {
          var b = document.body, t0 = performance.now();
          b.dataset.interactiveMs = Math.round(t0);
          b.dataset.first = document.querySelectorAll("section.entry").length + " " + document.querySelector("section.entry.current").id;
          for (var i = 0; i < 99; i++) { document.dispatchEvent(new KeyboardEvent("keydown", { key: "n" })); }
          b.dataset.pagesMs = Math.round(performance.now() - t0);
          for (var i = 0; i < 99; i++) { document.dispatchEvent(new KeyboardEvent("keydown", { key: "j" })); }
          var most = document.querySelectorAll("section.entry").length;
          b.dataset.last = most + " " + document.querySelector("section.entry.current").id + " " + document.querySelector("nav .range").textContent;
          b.dataset.walkMs = Math.round(performance.now() - t0);
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "k" }));
          b.dataset.back = document.querySelector("section.entry.current").id + " " + document.querySelectorAll("nav a.current").length;
          var f = document.querySelector("nav .filter");
          f.value = "image-09999";
          f.dispatchEvent(new Event("input"));
          b.dataset.filtered = document.querySelectorAll("section.entry").length + " " + document.querySelector("section.entry").id + " " + document.querySelector("nav .range").textContent;
          f.value = "added dir3/";
          f.dispatchEvent(new Event("input"));
          b.dataset.added = document.querySelectorAll("section.entry").length + " " + document.querySelector("nav .range").textContent;
        })();
        </script>
        """
        let html = Self.page().html().replacingOccurrences(of: "</body>", with: probe + "</body>")
        try Data(html.utf8).write(to: URL(fileURLWithPath: dir.file("index.html")))
        let started = Date()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ReviewPageTests.chromium))
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir.file("profile"))",
                             "--dump-dom", "file://" + dir.file("index.html")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        func attribute(_ name: String) -> String? {
            guard let start = dom.range(of: "data-\(name)=\"")?.upperBound, let end = dom[start...].firstIndex(of: "\"") else { return nil }
            return String(dom[start ..< end])
        }
        #expect(attribute("ready") == "ok", "\(dom.prefix(300))")
        // One page of 100 entries in the DOM, first selected; after 99 × n and 99 × j the last one, on the last page.
        #expect(attribute("first") == "100 e0")
        #expect(attribute("last") == "100 e9999 9901–10000 of 10000")
        #expect(attribute("back") == "e9998 1")
        #expect(attribute("filtered") == "1 e9999 1–1 of 1")
        // "added dir3/": i % 3 == 1 and i % 17 == 3 (and dir3x names are dir3/ only when i % 17 == 3).
        let added = (0 ..< Self.count).filter { $0 % 3 == 1 && $0 % 17 == 3 }.count
        #expect(attribute("added") == "\(min(100, added)) 1–\(min(100, added)) of \(added)")
        // Outside the templates (which --dump-dom prints too), at most one page of sections.
        let holder = try #require(dom.range(of: "<div id=\"entries\">")).upperBound
        let templates = try #require(dom.range(of: "<template class=\"entry\">", range: holder ..< dom.endIndex)).lowerBound
        #expect(dom[holder ..< templates].components(separatedBy: "<section id=").count - 1 == min(100, added))
        print("review page of \(Self.count) entries (\(html.utf8.count) bytes): Chromium --dump-dom \(String(format: "%.2f", seconds)) s, "
              + "script done at \(attribute("interactive-ms") ?? "?") ms, 99 × n in \(attribute("pages-ms") ?? "?") ms, then 99 × j: \(attribute("walk-ms") ?? "?") ms in all")
    }
}
