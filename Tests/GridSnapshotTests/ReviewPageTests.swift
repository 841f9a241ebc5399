import Foundation
import Testing
import GridDocument
@testable import GridSnapshot
import GridTestSupport

/// The one review page: for generated pairs with a known change, the box (exact pixels and
/// percentages) on every image, the zoom view's crop and scale, full-size links, outlined masks
/// and lazy images; hostile file names escaped in text and links; and, where Chromium is
/// installed, the page's script running in a browser (a click opens the 1:1 overlay).
@Suite struct ReviewPageTests {
    static func changed(_ image: RGBAImage, _ rect: GridSnapshot.ComparisonResult.Rect) -> RGBAImage {
        ChangedBoxTests.changed(image, rect)
    }

    /// A folder report of one changed pair, its page built with relative image links.
    static func page(width: Int, height: Int, change: GridSnapshot.ComparisonResult.Rect, masks: [GridSnapshot.ComparisonResult.Rect] = [],
                     path: String = "table.png") -> (ReviewPage, GridSnapshot.ComparisonResult) {
        let expected = TestImages.solid(width, height)
        let result = ImageComparison(expected: expected, actual: changed(expected, change), options: .strict, masks: masks).result
        var entry = FolderComparison.Entry(path: path, kind: .png, status: .changed)
        entry.result = result
        entry.masks = masks
        let report = FolderReport(expectedDirectory: "ref", actualDirectory: "out", options: .strict, entries: [entry])
        let links = [path: ["expected": "images/\(path).expected.png", "actual": "images/\(path).actual.png",
                            "diff": "images/\(path).diff.png"]]
        return (FolderReportPage(report: report).reviewPage(links: links), result)
    }

    /// The zoom view's crop, computed here from the rule the page states (box plus a margin of
    /// max(8, a quarter of the box's longer side), clamped to the image; a whole scale 1–16 that
    /// fits 256×192).
    static func crop(_ box: GridSnapshot.ComparisonResult.Rect, width: Int, height: Int) -> (GridSnapshot.ComparisonResult.Rect, Int) {
        let margin = max(8, max(box.width, box.height) / 4)
        let left = max(0, box.x - margin), top = max(0, box.y - margin)
        let right = min(width, box.x + box.width + margin), bottom = min(height, box.y + box.height + margin)
        let crop = GridSnapshot.ComparisonResult.Rect(x: left, y: top, width: right - left, height: bottom - top)
        return (crop, max(1, min(16, min(256 / crop.width, 192 / crop.height))))
    }

    @Test func boxZoomFullSizeAndMasksForGeneratedChanges() throws {
        var random = SplitMix(seed: 6)
        for _ in 0 ..< 25 {
            let width = Int.random(in: 20 ... 600, using: &random), height = Int.random(in: 20 ... 400, using: &random)
            let x = Int.random(in: 0 ..< width - 1, using: &random), y = Int.random(in: 0 ..< height - 1, using: &random)
            let change = GridSnapshot.ComparisonResult.Rect(x: x, y: y, width: Int.random(in: 1 ... min(40, width - x), using: &random),
                                               height: Int.random(in: 1 ... min(30, height - y), using: &random))
            let mask = GridSnapshot.ComparisonResult.Rect(x: 0, y: 0, width: min(width, 12), height: min(height, 6))
            let masks = change.x < 12 && change.y < 6 ? [] : [mask]
            let (page, result) = Self.page(width: width, height: height, change: change, masks: masks)
            let html = page.html()
            let box = try #require(result.changedBox)
            // The box on the expected and actual images (twice each: side by side and blink) and
            // in the diff image's middle panel, in percentages of each image; then on the three
            // zoomed crops, in pixels.
            let rect = "data-rect=\"\(box.x) \(box.y) \(box.width) \(box.height)\""
            #expect(html.components(separatedBy: "<span class=\"box\"").count - 1 == 8, "\(box)")
            #expect(html.components(separatedBy: rect).count - 1 == 5)
            let style = "left:\(ReviewPage.percent(box.x, of: width))%;top:\(ReviewPage.percent(box.y, of: height))%;"
                + "width:\(ReviewPage.percent(box.width, of: width))%;height:\(ReviewPage.percent(box.height, of: height))%"
            #expect(html.contains("<span class=\"box\" style=\"\(style)\" \(rect)>"), "\(style)")
            let diffStyle = "left:\(ReviewPage.percent(box.x + width, of: width * 3))%"
            #expect(html.contains("<span class=\"box\" style=\"\(diffStyle)"))
            // Zoom to change: crop and scale as stated, the image shifted so the crop shows.
            let (crop, scale) = Self.crop(box, width: width, height: height)
            #expect(html.contains("data-box=\"\(box.x) \(box.y) \(box.width) \(box.height)\" data-crop=\"\(crop.x) \(crop.y) \(crop.width) \(crop.height)\" data-scale=\"\(scale)\""))
            #expect(html.contains("style=\"width:\(crop.width * scale)px;height:\(crop.height * scale)px\""))
            #expect(html.contains("style=\"width:\(width * scale)px;height:\(height * scale)px;left:\(-crop.x * scale)px;top:\(-crop.y * scale)px\""))
            #expect(html.contains("style=\"width:\(width * 3 * scale)px;height:\(height * scale)px;left:\(-(crop.x + width) * scale)px;"))
            // Small changes open zoomed in.
            let small = box.width * box.height * 4 < width * height
            #expect(html.contains("<div class=\"view zoom on\"") == small)
            #expect(html.contains("<div class=\"view side on\"") == !small)
            // Every image opens at full size; every image is lazy and sized.
            #expect(html.contains("<a class=\"pic\" href=\"images/table.png.diff.png\" data-role=\"diff\""))
            let images = html.components(separatedBy: "<img ").dropFirst()
            // Side by side and blink 2 each, the slider 2, the diff 1, the zoom 3.
            let imageCount = images.count
            #expect(imageCount == 10)
            #expect(images.allSatisfy { $0.contains("loading=\"lazy\"") })
            #expect(html.contains("<img src=\"images/table.png.expected.png\" alt=\"expected\" loading=\"lazy\" decoding=\"async\" width=\"\(width)\" height=\"\(height)\">"))
            // Masks outlined wherever the box is.
            for mask in masks {
                #expect(html.components(separatedBy: "<span class=\"mask\"").count - 1 == 8)
                #expect(html.contains("data-rect=\"\(mask.x) \(mask.y) \(mask.width) \(mask.height)\""))
            }
            #expect(!html.contains("http://") && !html.contains("https://"))
        }
    }

    @Test func pageWithoutImagesOrChanges() {
        let page = ReviewPage(title: "t", summary: "0 changed", entries: [], unchanged: ["a.png"], emptyMessage: "Every image is unchanged.")
        let html = page.html()
        #expect(html.contains("<p class=\"ok\">Every image is unchanged.</p>"))
        #expect(html.contains("<details class=\"unchanged\"><summary>1 unchanged</summary>"))
        #expect(!html.contains("<section"))
    }

    /// Generated names with markup, quotes, ampersands, controls and non-ASCII: every one appears
    /// only escaped, every link stays a relative path inside its attribute.
    @Test func hostileNamesAreEscaped() {
        let pieces = ["<", ">", "&", "\"", "'", "<script>alert(1)</script>", "\" onerror=\"x", "é", "日本", "🏳️‍🌈", "\u{1}", "javascript:", " "]
        var entries: [ReviewPage.Entry] = []
        var names: [String] = []
        for (i, a) in pieces.enumerated() {
            let b = pieces[(i * 7 + 3) % pieces.count]
            let name = i % 2 == 0 ? "\(a)x\(b)\(i).png" : "d\(b)/\(a)\(i).png"
            names.append(name)
            entries.append(ReviewPage.Entry(
                title: name, status: i % 3 == 0 ? "changed" : "failed\"><b>", summary: "summary \(name)", message: "message \(name)",
                reference: name, expected: "images/\(name).expected.png", actual: "images/\(name).actual.png", diff: name,
                expectedSize: .init(width: 40, height: 30), actualSize: .init(width: 40, height: 30),
                changedBox: .init(x: 1, y: 2, width: 3, height: 4), masks: [.init(x: 0, y: 0, width: 2, height: 2)],
                acceptCommand: ShellWord.command(["gridrender", "accept", "--", "e", "a", name])))
        }
        let html = ReviewPage(title: "<title>", summary: "&", details: [.init("expected", "<dir>")], entries: entries).html()
        for name in names {
            #expect(html.contains(XMLText.escaped(name)), "\(name)")
        }
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("onerror=\""))
        #expect(!html.contains("<b>"))
        #expect(html.components(separatedBy: "<script>").count == 2)  // the page's own
        #expect(!html.unicodeScalars.contains { $0.value == 1 })
        // Status text becomes a class name of letters only.
        #expect(html.contains("class=\"entry s-failedb\""))
        let targets = ReportLinkEscapingTests.targets(html).filter { !$0.hasPrefix("#") }
        #expect(targets.count > 10 * names.count)
        let bad = targets.filter { t in
            t.prefix { $0 != "/" }.contains(":") || t.contains(where: { " \"'<>,".contains($0) }) || t.unicodeScalars.contains { $0.value < 0x21 || $0.value > 0x7E }
        }
        #expect(bad.isEmpty, "\(bad.prefix(3))")
    }

    @Test func percentagesAreLocaleFreeDecimals() {
        #expect(ReviewPage.percent(0, of: 7) == "0")
        #expect(ReviewPage.percent(1, of: 3) == "33.3333")
        #expect(ReviewPage.percent(100, of: 400) == "25")
        #expect(ReviewPage.percent(17, of: 400) == "4.25")
        #expect(ReviewPage.percent(1, of: 200_000) == "0.0005")
        #expect(ReviewPage.percent(450, of: 1200) == "37.5")
    }

    /// The page in headless Chromium: the script runs to its end, and a click on the diff image
    /// opens the full-size overlay with a copy of the image and its box.
    @Test(.enabled(if: ReviewPageTests.chromium != nil, "chromium not installed"))
    func scriptRunsInChromium() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let expected = TestImages.solid(300, 200), change = GridSnapshot.ComparisonResult.Rect(x: 100, y: 120, width: 17, height: 5)
        try FileIO.createDirectory(dir.file("images"))
        try expected.writePNG(to: dir.file("images/table.png.expected.png"))
        let actual = Self.changed(expected, change)
        try actual.writePNG(to: dir.file("images/table.png.actual.png"))
        try ImageComparison(expected: expected, actual: actual, options: .strict).diffImage().writePNG(to: dir.file("images/table.png.diff.png"))
        let html = Self.page(width: 300, height: 200, change: change).0.html()
            .replacingOccurrences(of: "</body>", with: "<script>document.querySelector(\"a.pic[data-role=diff]\").click();</script></body>")
        try Data(html.utf8).write(to: URL(fileURLWithPath: dir.file("index.html")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.chromium))
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + dir.file("index.html")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(dom.contains("data-ready=\"ok\""), "\(dom.prefix(300))")
        let overlay = try #require(dom.range(of: "<div id=\"full\"")).lowerBound
        let opened = dom[overlay...]
        #expect(!opened.prefix(120).contains(" hidden"), "\(opened.prefix(200))")
        #expect(opened.contains("diff at 1:1 pixels"))
        #expect(opened.contains("<a class=\"pic\" href=\"images/table.png.diff.png\""))
        #expect(opened.contains("data-rect=\"100 120 17 5\""))
    }

    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}
