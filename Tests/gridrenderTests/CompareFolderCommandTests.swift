import Foundation
import GridSnapshot
import Testing

/// `gridrender compare EXPECTED_DIR ACTUAL_DIR`: pairing by relative path in nested folders,
/// PNG, SVG and PDF together, the four classes, exit codes, JSON, JUnit and Markdown output.
@Suite struct CompareFolderCommandTests {
    static let white = RGBA(255, 255, 255)

    static func png(_ path: String, dot: (Int, Int)? = nil, width: Int = 20, height: Int = 10, compression: Int = 6) throws {
        var image = RGBAImage(width: width, height: height, fill: white)
        if let dot { image[dot.0, dot.1] = RGBA(0, 0, 0) }
        try image.writePNG(to: path, compressionLevel: compression)
    }

    static func svg(_ path: String, fill: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = """
        <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
        <rect x="0" y="0" width="20" height="10" fill="#fff"/><rect id="a1" x="2" y="2" width="6" height="6" fill="\(fill)"/>
        </svg>
        """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// expected/ and actual/ with every class and format:
    /// - same.png, deep/er/same.png: the same pixels (the actual one re-encoded at another level);
    /// - one.png: one pixel changed; sub/new.png: added; old.png: removed;
    /// - icon.svg: same drawing, ids renumbered (unchanged); sub/box.svg: colour changed;
    /// - table.pdf: rendered from the same CSV (unchanged); notes.txt and .hidden.png are ignored.
    static func folders() throws -> String {
        let dir = try CLI.scratch("compare-folders")
        let e = dir + "/expected", a = dir + "/actual"
        for sub in ["", "/sub", "/deep/er"] {
            try FileManager.default.createDirectory(atPath: e + sub, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: a + sub, withIntermediateDirectories: true)
        }
        try png(e + "/same.png"); try png(a + "/same.png", compression: 1)
        try png(e + "/deep/er/same.png", dot: (1, 1)); try png(a + "/deep/er/same.png", dot: (1, 1), compression: 9)
        try png(e + "/one.png"); try png(a + "/one.png", dot: (3, 4))
        try png(a + "/sub/new.png")
        try png(e + "/old.png")
        try png(e + "/.hidden.png"); try png(a + "/.hidden.png", dot: (0, 0))
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: e + "/notes.txt"))
        try svg(e + "/icon.svg", fill: "#123456")
        try svg(a + "/icon.svg", fill: "#123456")
        try svg(e + "/sub/box.svg", fill: "#000000")
        try svg(a + "/sub/box.svg", fill: "#ff0000")
        try Data("name,value\nalpha,1\nbeta,2\n".utf8).write(to: URL(fileURLWithPath: dir + "/table.csv"))
        for side in ["expected", "actual"] {
            let render = try CLI.run(["render", "table.csv", "-o", "\(side)/table.pdf"], in: dir)
            #expect(render.status == 0, "\(render.stderr)")
        }
        return dir
    }

    @Test func classifiesEveryPairAndExitsOne() throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["compare", "expected", "actual", "--jobs", "3"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout == "2 changed, 1 added, 1 removed, 4 unchanged (8 images, strict)\n")
        #expect(run.stderr.isEmpty)

        let json = try CLI.run(["compare", "expected", "actual", "--json"], in: dir)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        let status = Dictionary(uniqueKeysWithValues: entries.map { ($0["path"] as! String, $0["status"] as! String) })
        #expect(status == ["one.png": "changed", "sub/box.svg": "changed", "sub/new.png": "added", "old.png": "removed",
                           "same.png": "unchanged", "deep/er/same.png": "unchanged", "icon.svg": "unchanged",
                           "table.pdf": "unchanged"])
        // Changed first, then added, removed, unchanged; each group by path.
        #expect(entries.map { $0["path"] as! String } == ["one.png", "sub/box.svg", "sub/new.png", "old.png",
                                                          "deep/er/same.png", "icon.svg", "same.png", "table.pdf"])
        let one = try #require(entries.first { $0["path"] as? String == "one.png" }?["result"] as? [String: Any])
        #expect(one["differingPixels"] as? Int == 1 && one["comparedPixels"] as? Int == 200)
        let pdf = try #require(entries.first { $0["path"] as? String == "table.pdf" }?["result"] as? [String: Any])
        #expect(pdf["differingPixels"] as? Int == 0 && (pdf["comparedPixels"] as? Int ?? 0) > 0)
        #expect((object["counts"] as? [String: Int]) == ["changed": 2, "added": 1, "removed": 1, "unchanged": 4, "error": 0])
    }

    @Test func identicalFoldersExitZero() throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["compare", "expected", "expected"], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout == "0 changed, 0 added, 0 removed, 7 unchanged (7 images, strict)\n")
        // Thresholds apply per pair: the one-pixel change passes with --max-pixels 1.
        try FileManager.default.removeItem(atPath: dir + "/actual/sub/new.png")
        try FileManager.default.removeItem(atPath: dir + "/actual/sub/box.svg")
        try FileManager.default.copyItem(atPath: dir + "/expected/sub/box.svg", toPath: dir + "/actual/sub/box.svg")
        try FileManager.default.copyItem(atPath: dir + "/expected/old.png", toPath: dir + "/actual/old.png")
        #expect(try CLI.run(["compare", "expected", "actual"], in: dir).status == 1)
        #expect(try CLI.run(["compare", "expected", "actual", "--max-pixels", "1"], in: dir).status == 0)
    }

    @Test func unreadableImageExitsTwoAndStillReports() throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("\u{89}PNG\r\n\u{1a}\nbroken".utf8).write(to: URL(fileURLWithPath: dir + "/actual/same.png"))
        let run = try CLI.run(["compare", "expected", "actual", "--junit", "j.xml"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: actual/same.png: "), "\(run.stderr)")
        #expect(run.stdout.contains(", 1 unreadable"))
        let xml = try String(contentsOfFile: dir + "/j.xml", encoding: .utf8)
        #expect(xml.contains("<error type=\"unreadable\""))
    }

    @Test(arguments: [
        (["compare", "expected", "table.csv"], "table.csv: expected a folder"),
        (["compare", "expected", "actual", "--jobs", "0"], "--jobs: expected a count of 1 or more"),
        (["compare", "expected", "actual", "--diff", "d.png"], "--diff takes one pair of files"),
        (["compare", "expected", "nowhere/"], "nowhere"),
        (["compare", "expected", "actual", "--antialiasing", "maybe"], "--antialiasing: expected ignore or count"),
        (["compare", "expected", "actual", "--channel-tolerance", "300"], "--channel-tolerance: expected a whole number from 0 to 255"),
        (["compare", "expected/one.png", "actual/one.png", "--junit", "j.xml"], "--junit needs two folders"),
    ])
    func usageErrorsExitTwo(arguments: [String], fragment: String) throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = CLI.listing(dir)
        let run = try CLI.run(arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: [fragment])
        #expect(CLI.listing(dir) == before)
    }

    @Test func junitIsValidXMLWithOneCasePerImage() throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["compare", "expected", "actual", "--junit", "out/junit.xml", "--markdown", "out/summary.md"], in: dir)
        #expect(run.status == 1)
        let lint = try Self.xmllint(dir + "/out/junit.xml")
        #expect(lint.status == 0, "\(lint.output)")
        let xml = try String(contentsOfFile: dir + "/out/junit.xml", encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 8)
        #expect(xml.contains("<testsuites name=\"gridrender compare\" tests=\"8\" failures=\"4\" errors=\"0\">"))
        #expect(xml.contains("<testcase classname=\"gridrender.compare\" name=\"one.png\">\n      <failure type=\"changed\" message=\"images differ (strict): 1 of 200 pixels differ"))
        #expect(xml.contains("<testcase classname=\"gridrender.compare\" name=\"deep/er/same.png\"/>"))
        #expect(xml.contains("<failure type=\"added\""))
        #expect(xml.contains("<failure type=\"removed\""))

        let md = try String(contentsOfFile: dir + "/out/summary.md", encoding: .utf8)
        #expect(md.hasPrefix("### gridrender compare: 2 changed, 1 added, 1 removed, 4 unchanged (8 images, strict)\n"))
        #expect(md.contains("| Status | Image | Differing pixels | Details |\n| --- | --- | --- | --- |\n"))
        #expect(md.contains("| changed | one.png | 1 of 200 (0.50%) | max channel difference 255; changes in 1x1 at (3, 4);"))
        #expect(md.contains("| added | sub/new.png |"))
        #expect(md.contains("<details><summary>4 unchanged</summary>"))
        #expect(md.contains("`gridrender accept --prune -- expected actual`"))
        // Every table row has the header's four cells.
        for line in md.split(separator: "\n") where line.hasPrefix("| ") {
            #expect(line.components(separatedBy: " | ").count == 4, "\(line)")
        }
    }

    /// xmllint (Debian's libxml2-utils, installed by scripts/setup.sh) checks well-formedness.
    static func xmllint(_ path: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func masksExcludeRegionsPerFileOrEverywhere() throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // one.png's changed pixel is (3, 4).
        try Data(#"{"masks": [{"path": "one.png", "x": 2, "y": 3, "width": 3, "height": 3}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/mask.json"))
        try Data(#"{"masks": [{"path": "other*.png", "x": 2, "y": 3, "width": 3, "height": 3}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/elsewhere.json"))
        try Data(#"{"masks": [{"x": 3, "y": 4, "width": 1, "height": 1}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/all.json"))
        for (file, differing, masked) in [("mask.json", 0, 9), ("elsewhere.json", 1, 0), ("all.json", 0, 1)] {
            let run = try CLI.run(["compare", "expected", "actual", "--mask", file, "--json"], in: dir)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let entry = try #require((object["entries"] as? [[String: Any]])?.first { $0["path"] as? String == "one.png" })
            #expect(entry["status"] as? String == (differing == 0 ? "unchanged" : "changed"), "\(file)")
            let result = try #require(entry["result"] as? [String: Any])
            #expect(result["differingPixels"] as? Int == differing && result["maskedPixels"] as? Int == masked)
            #expect(result["comparedPixels"] as? Int == 200 - masked)
        }
        // One pair: the glob is matched against the file name.
        let single = try CLI.run(["compare", "expected/one.png", "actual/one.png", "--mask", "mask.json", "--diff", "d.png"], in: dir)
        #expect(single.status == 0, "\(single.stdout)")
        let diff = try RGBAImage(contentsOfPNGFile: dir + "/d.png")
        let middle = (20 ..< 40).flatMap { x in (0 ..< 10).map { y in diff[x, y] } }
        #expect(middle.contains(ImageComparison.maskColor), "masked area is hatched")
        #expect(!middle.contains(ImageComparison.darkerColor))
    }

    @Test(arguments: [
        (#"{"masks": [{"x": 1, "y": 2, "width": "wide", "height": 3}]}"#, "mask.json:1: masks[0].width: expected a whole number"),
        (#"{"masks": [{"x": 1, "y": 2, "width": 3}]}"#, "masks[0].height: missing"),
        ("{\"masks\": [\n {\"x\": 1, \"y\": -2, \"width\": 3, \"height\": 3}]}", "mask.json:2: masks[0].y: expected a whole number from 0"),
        (#"{"mask": []}"#, "unknown key `mask`"),
        (#"{"masks": [{"x": 1, "y": 2, "width": 3, "height": 3, "colour": 1}]}"#, "masks[0]: unknown key `colour`"),
        (#"{"masks": {}}"#, "masks: expected an array"),
        (#"{"masks": [{"path": 3, "x": 1, "y": 2, "width": 3, "height": 3}]}"#, "masks[0].path: expected a non-empty glob"),
        ("{\"masks\": [", "mask.json"),
    ])
    func badMaskFilesExitTwoWithKeyPath(text: String, fragment: String) throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/mask.json"))
        let run = try CLI.run(["compare", "expected", "actual", "--mask", "mask.json", "--report", "r"], in: dir)
        CLI.expectOneErrorLine(run, containing: [fragment])
        #expect(!FileManager.default.fileExists(atPath: dir + "/r"), "nothing written on bad input")
    }
}
