import Foundation
import Testing

/// Every file the project writes is valid for independent tools (issue 25 item 3): every fixture
/// that renders is rendered in every format, page files included, and `qpdf --check` (no
/// warning), `xmllint`, `rsvg-convert` and `pngcheck` accept each output. A fixture that renders
/// in one format renders in all three.
@Suite(.serialized) struct OutputValidityTests {
    /// The folders of documents that are meant to render, every one of them.
    static let renderingFolders: Set<String> = ["demo", "snapshots", "gallery", "markdown"]
    /// Folders left out: documents that must fail, and fuzz crashers.
    static let skippedFolders: Set<String> = ["bad", "fuzz"]
    static let documentExtensions: Set<String> = ["json", "yaml", "yml", "csv", "tsv", "md"]

    /// A tool's exit status and everything it printed.
    static func tool(_ arguments: [String], in directory: String? = nil) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "\(arguments[0]): \(error)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// What the validators say is wrong with `file`, or nil when every one accepts it.
    static func problem(_ file: String, scratch: String) -> String? {
        switch (file as NSString).pathExtension {
        case "pdf":
            let check = tool(["qpdf", "--check", file])
            if check.status != 0 || check.output.uppercased().contains("WARNING") { return "qpdf --check: \(check.output)" }
        case "svg":
            let lint = tool(["xmllint", "--noout", file])
            if lint.status != 0 || !lint.output.isEmpty { return "xmllint: \(lint.output)" }
            let png = scratch + "/" + UUID().uuidString + ".png"
            defer { try? FileManager.default.removeItem(atPath: png) }
            let rsvg = tool(["rsvg-convert", "-o", png, file])
            if rsvg.status != 0 { return "rsvg-convert: \(rsvg.output)" }
        case "png":
            let check = tool(["pngcheck", "-q", file])
            if check.status != 0 { return "pngcheck: \(check.output)" }
        default:
            return "an unexpected output"
        }
        return nil
    }

    /// The validators' problems with every file, checked a few at a time.
    static func problems(_ files: [String], scratch: String) -> [String: String] {
        let found = ProblemBox()
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            if let problem = problem(files[i], scratch: scratch) { found.add(files[i], problem) }
        }
        return found.all
    }

    /// The fixtures, each reachable under a name of its own: the fixture folders are mirrored
    /// with links (so a document's relative paths to images, data and themes still work) and
    /// each document gets a second link named after its path (`snapshots~people.json`), so one
    /// `--out-dir` batch per format renders them all without two outputs of one name.
    static func mirrorFixtures(into farm: String) throws -> [(document: String, folder: String)] {
        let fixtures = CLI.packageRoot.appendingPathComponent("Fixtures").path
        let manager = FileManager.default
        var documents: [(String, String)] = []
        let walker = try #require(manager.enumerator(atPath: fixtures))
        while let relative = walker.nextObject() as? String {
            let top = relative.split(separator: "/").first.map(String.init) ?? relative
            if skippedFolders.contains(top) { walker.skipDescendants(); continue }
            let source = fixtures + "/" + relative
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: source, isDirectory: &isFolder) else { continue }
            let target = farm + "/" + relative
            if isFolder.boolValue {
                try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
                continue
            }
            try manager.createSymbolicLink(atPath: target, withDestinationPath: source)
            guard relative.contains("/"), documentExtensions.contains((relative as NSString).pathExtension.lowercased()) else { continue }
            let unique = (target as NSString).deletingLastPathComponent + "/" + relative.replacingOccurrences(of: "/", with: "~")
            try manager.createSymbolicLink(atPath: unique, withDestinationPath: source)
            documents.append((unique, top))
        }
        return documents.sorted { $0.0 < $1.0 }
    }

    /// The document stem an output belongs to: its own name, or a page file's (`stem-2.png`).
    static func owner(of output: String, stems: Set<String>) -> String? {
        let name = ((output as NSString).lastPathComponent as NSString).deletingPathExtension
        if stems.contains(name) { return name }
        guard let dash = name.lastIndex(of: "-"), Int(name[name.index(after: dash)...]) != nil else { return nil }
        let stem = String(name[..<dash])
        return stems.contains(stem) ? stem : nil
    }

    @Test func everyFixtureRendersToValidFilesInEveryFormat() throws {
        for validator in ["qpdf", "xmllint", "rsvg-convert", "pngcheck"] {
            try #require(Self.tool(["which", validator]).status == 0, "\(validator) is not installed (scripts/setup.sh installs it)")
        }
        let scratch = try CLI.scratch("validity")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let farm = scratch + "/fixtures"
        try FileManager.default.createDirectory(atPath: farm, withIntermediateDirectories: true)
        let documents = try Self.mirrorFixtures(into: farm)
        let stems = Set(documents.map { (($0.document as NSString).lastPathComponent as NSString).deletingPathExtension })
        #expect(stems.count == documents.count)
        var rendered: [String: Set<String>] = [:]
        var outputs: [String] = []
        for format in ["png", "svg", "pdf"] {
            let out = scratch + "/" + format
            let run = try CLI.run(["render", "--out-dir", out, "--format", format, "--jobs", "2"] + documents.map(\.document), in: scratch)
            // Documents that are not gridrender documents fail, each with one line; nothing crashes.
            #expect([0, 2].contains(run.status), "\(format): exit \(run.status)")
            let strange = run.errorLines.filter { !$0.hasPrefix("error: ") && !$0.hasPrefix("warning: ") && !$0.hasPrefix("  ") }
            #expect(strange.isEmpty, "\(format): \(strange.prefix(5))")
            let files = CLI.listing(out).filter { !$0.hasPrefix(".") }.map { out + "/" + $0 }
            #expect(CLI.listing(out).allSatisfy { !$0.hasPrefix(".") }, "\(format): a temporary file is left")
            for file in files {
                let stem = Self.owner(of: file, stems: stems)
                #expect(stem != nil, "\(file) belongs to no document")
                if let stem { rendered[format, default: []].insert(stem) }
            }
            outputs += files
        }
        // A document renders in all three formats or in none.
        let png = rendered["png"] ?? [], svg = rendered["svg"] ?? [], pdf = rendered["pdf"] ?? []
        #expect(png == svg && svg == pdf, "rendered in some formats only: \(png.union(svg).union(pdf).subtracting(png.intersection(svg).intersection(pdf)).sorted())")
        // Every document of the folders meant to render did, so none escapes the validators.
        let meant = documents.filter { Self.renderingFolders.contains($0.folder) }
            .map { (($0.document as NSString).lastPathComponent as NSString).deletingPathExtension }
        #expect(meant.count >= 50)
        #expect(Set(meant).subtracting(pdf).sorted() == [], "fixtures that did not render")
        // Page files of a paginated fixture are validated too.
        #expect(outputs.contains { $0.hasSuffix("snapshots~paginated-2.png") } && outputs.contains { $0.hasSuffix("snapshots~paginated-2.svg") })
        #expect(outputs.count >= 3 * meant.count)

        let problems = Self.problems(outputs, scratch: scratch)
        for (file, problem) in problems.sorted(by: { $0.key < $1.key }) {
            Issue.record("\((file as NSString).lastPathComponent): \(problem.prefix(600))")
        }
    }

    /// Link URLs an untrusted table may hold, in a cell link and in Markdown, over several pages:
    /// the PDF stays valid for qpdf with one URI action per kept link and no other action, and the
    /// SVG stays well-formed.
    @Test func hostileLinksKeepFilesValid() throws {
        let urls = [
            "https://example.com/) /S /JavaScript /JS (app.alert(1)",
            "https://example.com/(unbalanced",
            "https://example.com/close)",
            "https://example.com/back\\slash\\",
            "https://example.com/\u{FFFE}\u{1}\u{7F}nul",
            "https://example.com/>> endobj 1 0 obj <<",
            "https://example.com/%)%(",
            "https://exämple.com/ünï/日本?q=💥",
            "https://example.com/" + String(repeating: "(", count: 300),
            "mailto:a@example.com?subject=)(",
            "#frag)ment",
        ]
        var rows: [Any] = []
        for (i, url) in urls.enumerated() {
            // Markdown shows a destination it does not take as text: only printable ones there
            // (noncharacters in shown text are `noncharactersInTextRenderToPDF`).
            let printable = url.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && $0.value < 0xFDD0 }
            let markdown = printable ? "see [md \(i)](\(url.replacingOccurrences(of: " ", with: "%20")))" : "md \(i)"
            rows.append([["text": "cell \(i)", "link": url], markdown])
        }
        let document: [String: Any] = [
            "canvas": ["page": ["width": 300, "height": 120]],
            "styles": ["cell": ["markup": "markdown"]],
            "columns": [["key": "a", "title": "A"], ["key": "b", "title": "B"]],
            "data": ["rows": rows],
        ]
        let scratch = try CLI.scratch("hostile-links")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: scratch + "/links.json"))
        for format in ["pdf", "svg", "png"] {
            let run = try CLI.run(["render", "links.json", "-o", "links.\(format)"], in: scratch)
            #expect(run.status == 0, "\(format): \(run.stderr)")
            let files = CLI.listing(scratch).filter { $0.hasPrefix("links") && $0.hasSuffix("." + format) }
            #expect(!files.isEmpty)
            for file in files {
                if let problem = Self.problem(scratch + "/" + file, scratch: scratch) { Issue.record("\(file): \(problem.prefix(600))") }
            }
        }
        // Every annotation is a link with a URI action, and nothing else acts.
        let json = Self.tool(["qpdf", "--json", "--json-key=qpdf", scratch + "/links.pdf"])
        #expect(json.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let objects = try #require((parsed?["qpdf"] as? [Any])?.last as? [String: Any])
        var uris = 0
        for (_, entry) in objects {
            guard let value = (entry as? [String: Any])?["value"] as? [String: Any] else { continue }
            #expect(value["/JS"] == nil && value["/S"] as? String != "/JavaScript" && value["/OpenAction"] == nil)
            guard value["/Type"] as? String == "/Annot" else { continue }
            #expect(value["/Subtype"] as? String == "/Link")
            if let action = value["/A"] as? [String: Any] {
                #expect(action["/S"] as? String == "/URI" && action.count <= 3, "\(action)")
                uris += 1
            }
        }
        #expect(uris >= urls.count, "one link annotation per kept link at least")
    }
}

extension OutputValidityTests {
    /// Links on thousands of cells, on one page, over many (`canvas.page`), and over pages a
    /// wide grid is scaled down to fit: the PDF passes qpdf with no warning, and every link is one
    /// annotation on its page whose rectangle covers the linked words as poppler places them.
    @Test(arguments: [(2_000, 0.0), (300, 300.0), (120, 90.0)])
    func linksOnManyCellsAndPages(rows: Int, pageWidth: Double) throws {
        let scratch = try CLI.scratch("many-links")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var document: [String: Any] = [
            "styles": ["cell": ["markup": "markdown"]],
            "columns": [["key": "a", "title": "A"], ["key": "b", "title": "B"]],
            "data": ["rows": (0..<rows).map { i in [["text": "cell\(i)", "link": "https://example.com/\(i)"], "[md\(i)](https://example.org/\(i)) and [two\(i)](#n\(i))"] }],
        ]
        // One page: a fixed width keeps a canvas past 14,400 pt from being paginated to A4.
        document["canvas"] = pageWidth > 0 ? ["page": ["width": pageWidth, "height": 200]] : ["width": 600]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: scratch + "/links.json"))
        let run = try CLI.run(["render", "links.json", "-o", "links.pdf"], in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.problem(scratch + "/links.pdf", scratch: scratch) == nil)
        // Annotations per page (in page order, from the page tree), from qpdf.
        let json = Self.tool(["qpdf", "--json", "--json-key=qpdf", "--json-key=pages", scratch + "/links.pdf"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let objects = try #require((parsed["qpdf"] as? [Any])?.last as? [String: Any])
        let pageList = try #require(parsed["pages"] as? [[String: Any]])
        func value(_ reference: String) -> [String: Any]? { (objects["obj:" + reference] as? [String: Any])?["value"] as? [String: Any] }
        // Words per page, from poppler, in PDF coordinates (y up).
        let bbox = Self.tool(["pdftotext", "-bbox", scratch + "/links.pdf", "-"])
        var words: [[(x: Double, y: Double, text: String)]] = []
        var pageHeight = 0.0
        for line in bbox.output.split(separator: "\n") {
            func attribute(_ name: String) -> Double? {
                guard let r = line.range(of: name + "=\"") else { return nil }
                return Double(line[r.upperBound...].prefix { $0 != "\"" })
            }
            if line.contains("<page "), let h = attribute("height") { pageHeight = h; words.append([]) }
            if line.contains("<word "), let x0 = attribute("xMin"), let x1 = attribute("xMax"), let y0 = attribute("yMin"), let y1 = attribute("yMax") {
                let text = line.split(separator: ">").dropFirst().first?.split(separator: "<").first.map(String.init) ?? ""
                words[words.count - 1].append(((x0 + x1) / 2, pageHeight - (y0 + y1) / 2, text))
            }
        }
        #expect(words.count == pageList.count)
        var annotations = 0
        for (index, page) in pageList.enumerated() where index < words.count {
            let pageReference = try #require(page["object"] as? String)
            let object = try #require(value(pageReference))
            for reference in object["/Annots"] as? [String] ?? [] {
                let rect = try #require(value(reference)?["/Rect"] as? [Double])
                let covered = words[index].filter { $0.x >= rect[0] - 1 && $0.x <= rect[2] + 1 && $0.y >= rect[1] - 1 && $0.y <= rect[3] + 1 }
                if covered.isEmpty { Issue.record("page \(index + 1): the link at \(rect) covers no word"); return }
                annotations += 1
            }
        }
        #expect(annotations == 3 * rows)
        #expect(pageWidth > 0 ? pageList.count > 3 : pageList.count == 1)
    }

    /// A document of no area (`{}`; a grid of no columns) is refused in every format, one line
    /// and exit 2, and no file is written (SVG and PDF wrote 0×0 documents readers refuse).
    @Test(arguments: ["{}", "{\"columns\": [], \"data\": {\"rows\": []}}"])
    func documentsOfNoAreaAreRefused(document: String) throws {
        let scratch = try CLI.scratch("no-area")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Data(document.utf8).write(to: URL(fileURLWithPath: scratch + "/empty.json"))
        for format in ["png", "svg", "pdf"] {
            let run = try CLI.run(["render", "empty.json", "-o", "empty.\(format)"], in: scratch)
            CLI.expectOneErrorLine(run, containing: ["empty.json", "is empty"])
            #expect(CLI.listing(scratch) == ["empty.json"], "\(format): \(CLI.listing(scratch))")
        }
    }

    /// A Unicode noncharacter (U+FFFE, U+FFFF, U+FDD0…U+FDEF, U+nFFFE/F) shown in a cell, a title
    /// or before markup and a link: Cairo's PDF text (`cairo_show_text_glyphs`, called by Pango)
    /// rejects it as invalid UTF-8, which failed the render ("painting the grid: input string not
    /// valid UTF-8", exit 1). The text given to Pango replaces it (`NoncharacterText`), keeping
    /// byte offsets, so every format renders, validates, and the link after it still works.
    @Test(arguments: [0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0x1FFFE, 0x10FFFF] as [UInt32])
    func noncharactersInTextRenderToPDF(codePoint: UInt32) throws {
        let nonchar = String(Character(try #require(Unicode.Scalar(codePoint))))
        let text = "a" + nonchar + "b"
        let scratch = try CLI.scratch("noncharacter")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let document: [String: Any] = [
            "title": "T" + nonchar,
            "styles": ["cell": ["markup": "markdown"]],
            "columns": [["key": "a", "title": "A" + nonchar]],
            "data": ["rows": [[text], [nonchar + " **bold** [x](https://example.com/)"]]],
        ]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: scratch + "/t.json"))
        for format in ["pdf", "svg", "png"] {
            let run = try CLI.run(["render", "t.json", "-o", "t.\(format)"], in: scratch)
            #expect(run.status == 0, "\(format): \(run.stderr)")
            if run.status == 0, let problem = Self.problem(scratch + "/t.\(format)", scratch: scratch) { Issue.record("\(format): \(problem)") }
        }
        let info = Self.tool(["qpdf", "--qdf", "--object-streams=disable", scratch + "/t.pdf", scratch + "/q.pdf"])
        #expect(info.status == 0)
        let pdf = try String(decoding: Data(contentsOf: URL(fileURLWithPath: scratch + "/q.pdf")), as: UTF8.self)
        #expect(pdf.contains("/URI (https://example.com/)"))
    }
}

/// The problems found by the validator threads.
private final class ProblemBox: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var found: [String: String] = [:]
    func add(_ file: String, _ problem: String) { lock.lock(); found[file] = problem; lock.unlock() }
    var all: [String: String] { lock.lock(); defer { lock.unlock() }; return found }
}
