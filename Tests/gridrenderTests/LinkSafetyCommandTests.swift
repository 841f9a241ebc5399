import Foundation
import Testing

/// Links from an untrusted table, end to end through `gridrender render` (issue 25 items 1
/// and 2): hostile URLs in `link` keys, Markdown links and the title reach SVG and PDF only
/// through their escapers, and the files pass independent checkers (xmllint, rsvg-convert,
/// qpdf --check with no warning); schemes other than http, https, mailto, relative and
/// #fragment are dropped with one warning naming the cell, unless `linkSchemes` or
/// `--allow-link-scheme` allows them.
@Suite struct LinkSafetyCommandTests {
    /// Text put inside an https URL: every C0 control, XML noncharacters, PDF syntax, quotes, markup.
    static let hostile: [String] = {
        var s: [String] = []
        for v in 0..<0x20 { s.append(String(Unicode.Scalar(UInt8(v)))) }
        for v: UInt32 in [0x7F, 0x85, 0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE, 0x202E] { s.append(String(Unicode.Scalar(v)!)) }
        s += ["(", ")", "\\", "\\)", ") /S /JavaScript /JS (app.alert(1)", ">> /A << /S /Launch /F (calc.exe) >> (", "\"", "'",
              "\"'><", "]]>", "<script>alert(1)</script>", "&amp;", "%", "%28", "é", "日本語", "🏳️‍🌈", " ", String(repeating: "(", count: 3000)]
        return s
    }()

    static func write(_ document: Any, to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Runs a tool; its exit status and what it printed.
    static func tool(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        OutputValidityTests.tool(arguments, in: directory)
    }

    /// The `href` values of an SVG's links (`<a>` elements; a glyph's `<use href="#…">` is not a
    /// link), with XML references decoded.
    static func hrefs(_ svg: String) -> [String] {
        var out: [String] = []
        var rest = svg[...]
        while let a = rest.range(of: "<a "), let r = rest[a.upperBound...].range(of: " href=\"") {
            let end = rest[r.upperBound...].firstIndex(of: "\"") ?? rest.endIndex
            out.append(String(rest[r.upperBound..<end]).replacingOccurrences(of: "&#9;", with: "\t")
                .replacingOccurrences(of: "&#10;", with: "\n").replacingOccurrences(of: "&#13;", with: "\r")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&"))
            rest = rest[end...]
        }
        return out
    }

    /// The scheme a browser sees in `url` (leading C0 controls and spaces ignored, tabs and
    /// line breaks removed), lower case; nil for none.
    static func browserScheme(_ url: String) -> String? {
        let cleaned = String(String.UnicodeScalarView(url.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        guard let colon = cleaned.firstIndex(of: ":"), !cleaned[..<colon].contains(where: { "/?#".contains($0) }) else { return nil }
        return cleaned[..<colon].lowercased()
    }

    /// The PDF's objects as qpdf reads them (`qpdf --json`): the `/URI` of every action, and
    /// whether any action is other than a URI (JavaScript, launch, form submission…) or any
    /// object holds `/JS`, `/AA` or `/OpenAction`.
    static func pdfActions(_ pdf: String, in dir: String) throws -> (uris: [String], script: Bool) {
        let q = try tool(["qpdf", "--json=2", "--json-key=qpdf", pdf, "objects.json"], in: dir)
        #expect(q.status == 0, "\(q.output)")
        let json = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: dir + "/objects.json")))
        var uris: [String] = []
        var script = false
        func walk(_ value: Any) {
            if let dict = value as? [String: Any] {
                if let uri = dict["/URI"] as? String { uris.append(uri.hasPrefix("u:") ? String(uri.dropFirst(2)) : uri) }
                if let type = dict["/S"] as? String, ["/JavaScript", "/Launch", "/SubmitForm", "/ImportData", "/GoToR", "/GoToE", "/Rendition"].contains(type) { script = true }
                if dict["/JS"] != nil || dict["/AA"] != nil || dict["/OpenAction"] != nil { script = true }
                dict.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(json)
        return (uris, script)
    }

    /// `qpdf --check` passes with no warning (Cairo 1.16's dangling link references are
    /// repaired by the PDF filter, issue 25 item 3).
    static func expectQpdfCheck(_ pdf: String, in dir: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try tool(["qpdf", "--check", pdf], in: dir)
        #expect(check.status == 0 && !check.output.contains("WARNING"), "qpdf --check: \(check.output)", sourceLocation: sourceLocation)
    }

    /// Every hostile string in an https URL of a `link` key, of a Markdown link in a cell and
    /// in the title: the SVG is well-formed and renders, the PDF's URIs are inert ASCII and it
    /// has no JavaScript or launch action; nothing is dropped (the scheme is https).
    @Test func hostileURLsStayInertInSVGAndPDF() throws {
        let dir = try CLI.scratch("link-escaping")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var rows: [[Any]] = []
        for (i, s) in Self.hostile.enumerated() {
            rows.append([["text": "k\(i)", "link": "https://example.com/\(s)"], "[m\(i)](https://example.com/a_(\(i))\(s))"])
        }
        try Self.write(["title": "[t](https://example.com/(x)) /S /JavaScript)", "styles": ["cell": ["markup": "markdown"]],
                        "columns": [["key": "a"], ["key": "b"]], "data": ["rows": rows]], to: dir + "/links.json")
        for format in ["svg", "pdf"] {
            let run = try CLI.run(["render", "links.json", "-o", "out.\(format)"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stderr.contains("dropped"), "\(run.stderr)")
        }
        let svgCheck = try Self.tool(["xmllint", "--noout", "--huge", "out.svg"], in: dir)
        #expect(svgCheck.status == 0, "\(svgCheck.output.prefix(2000))")
        let rsvg = try Self.tool(["rsvg-convert", "-o", "out-svg.png", "out.svg"], in: dir)
        #expect(rsvg.status == 0, "\(rsvg.output.prefix(2000))")
        let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/out.svg")), as: UTF8.self)
        let hrefs = Self.hrefs(svg)
        #expect(hrefs.count > Self.hostile.count)   // Markdown URLs with spaces or controls are text
        #expect(hrefs.allSatisfy { Self.browserScheme($0) == "https" }, "\(hrefs.filter { Self.browserScheme($0) != "https" }.prefix(3))")
        #expect(hrefs.contains("https://example.com/a_(0)\u{FFFD}"))   // a U+0000 replaced, the balanced parentheses kept

        try Self.expectQpdfCheck("out.pdf", in: dir)
        let (uris, script) = try Self.pdfActions("out.pdf", in: dir)
        #expect(!script)
        #expect(uris.count == hrefs.count, "\(uris.count) URIs, \(hrefs.count) SVG links")
        let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&*+,;=%".utf8)
        #expect(uris.allSatisfy { $0.hasPrefix("https://example.com/") && $0.utf8.allSatisfy(safe.contains) },
                "\(uris.filter { !$0.utf8.allSatisfy(safe.contains) }.prefix(3))")
        #expect(uris.contains("https://example.com/%29%20/S%20/JavaScript%20/JS%20%28app.alert%281%29"))
        #expect(uris.contains("https://example.com/%28x%29"))   // the title's Markdown link
    }

    /// Refused schemes in every disguise, as `link` keys and Markdown links: none reaches the
    /// SVG or the PDF, the text is still drawn, and one warning names the first cell.
    static let refused: [String] = {
        var urls: [String] = []
        for scheme in ["javascript", "data", "vbscript", "file"] {
            urls += [scheme, scheme.uppercased(), "  " + scheme, "\u{1}\u{1F} " + scheme, scheme.prefix(2) + "\t" + scheme.dropFirst(2),
                     scheme.prefix(3) + "\n" + scheme.dropFirst(3)].map { $0 + ":alert(1)" }
        }
        urls += ["JaVaScRiPt:alert(1)", "java\u{1}script:alert(1)", "%6Aavascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "file:///etc/passwd"]
        return urls
    }()

    static func policyDocument(_ dir: String, extra: [String: Any] = [:]) throws {
        var rows: [[Any]] = Self.refused.enumerated().map { i, url in [["text": "r\(i)", "link": url], "[m\(i)](\(url.filter { $0 != " " && $0 != "\t" && $0 != "\n" }))"] }
        rows.append([["text": "ok", "link": "https://example.com/"], "[ftp](ftp://example.com/f) [rel](a/b.html) [frag](#top) [mail](mailto:a@b.c)"])
        var doc: [String: Any] = ["styles": ["cell": ["markup": "markdown"]], "columns": [["key": "a"], ["key": "b"]], "data": ["rows": rows]]
        for (k, v) in extra { doc[k] = v }
        try write(doc, to: dir + "/policy.json")
    }

    /// One refused link: exactly one warning, naming its cell, in every format.
    @Test(arguments: ["svg", "pdf", "png"])
    func oneRefusedLinkIsOneWarning(_ format: String) throws {
        let dir = try CLI.scratch("link-one")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(["columns": [["key": "name"], ["key": "site"]], "data": ["rows": [["a", "b"], ["c", ["text": "d", "link": " JaVa\tScript:alert(1)"]]]]],
                       to: dir + "/one.json")
        let run = try CLI.run(["render", "one.json", "-o", "out.\(format)"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        let line = run.errorLines.first.map(String.init) ?? ""
        #expect(line.hasPrefix(#"warning: one.json, row 2, column "site": link " JaVa\tScript:alert(1)" dropped: scheme "javascript" is not allowed"#), "\(line)")
        #expect(line.contains("linkSchemes") && line.contains("--allow-link-scheme"), "\(line)")
    }

    /// Many refused links: one warning per cell for the first 20 in reading order, then one
    /// line counting the rest; the same lines for SVG and PDF.
    @Test func refusedSchemesAreDroppedWithOneWarningPerCell() throws {
        let dir = try CLI.scratch("link-policy")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.policyDocument(dir)
        var byFormat: [[Substring]] = []
        for format in ["svg", "pdf"] {
            let run = try CLI.run(["render", "policy.json", "-o", "out.\(format)"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            let warnings = run.errorLines.filter { $0.contains("link") }
            byFormat.append(warnings)
            #expect(warnings.count == 21, "\(run.stderr)")
            let line = warnings.first.map(String.init) ?? ""
            #expect(line.hasPrefix("warning: policy.json, row 1, column \"a\": link \"javascript:alert(1)\" dropped: scheme \"javascript\" is not allowed"), "\(line)")
            #expect(warnings.dropFirst().first?.hasPrefix("warning: policy.json, row 1, column \"b\": link \"javascript:alert(1)\" dropped") == true, "\(warnings)")
            // Every `link` key; the Markdown ones whose URL has no control character left (else
            // they are text); the last row's ftp link.
            let markdownLinks = Self.refused.filter { !$0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" } }.count
            let cells = Self.refused.count + markdownLinks + 1
            #expect(warnings.last?.hasPrefix("warning: policy.json, \(cells - 20) more texts with links dropped") == true, "\(warnings.last ?? "")")
        }
        #expect(byFormat[0] == byFormat[1])
        let svg = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/out.svg")), as: UTF8.self)
        let schemes = Set(Self.hrefs(svg).map { Self.browserScheme($0) ?? "relative" })
        #expect(schemes == ["https", "mailto", "relative"], "\(schemes)")
        #expect(Self.hrefs(svg).contains("#top") && Self.hrefs(svg).contains("a/b.html"))
        let (uris, script) = try Self.pdfActions("out.pdf", in: dir)
        #expect(!script)
        #expect(Set(uris.map { Self.browserScheme($0) ?? "relative" }) == ["https", "mailto", "relative"], "\(uris)")
        try Self.expectQpdfCheck("out.pdf", in: dir)
    }

    @Test func linkSchemesAndTheOptionAllowMore() throws {
        let dir = try CLI.scratch("link-allow")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.policyDocument(dir, extra: ["linkSchemes": ["FTP"]])
        let byKey = try CLI.run(["render", "policy.json", "-o", "key.svg"], in: dir)
        #expect(byKey.status == 0, "\(byKey.stderr)")
        let keySVG = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/key.svg")), as: UTF8.self)
        #expect(Self.hrefs(keySVG).contains("ftp://example.com/f"))
        #expect(!Self.hrefs(keySVG).contains { ["javascript", "data", "vbscript", "file"].contains(Self.browserScheme($0) ?? "") })

        try Self.policyDocument(dir)
        let byOption = try CLI.run(["render", "policy.json", "-o", "option.pdf", "--allow-link-scheme", "ftp", "--allow-link-scheme", "DATA"], in: dir)
        #expect(byOption.status == 0, "\(byOption.stderr)")
        let (uris, _) = try Self.pdfActions("option.pdf", in: dir)
        let schemes = Set(uris.map { Self.browserScheme($0) ?? "relative" })
        #expect(schemes.isSuperset(of: ["ftp", "data"]) && !schemes.contains("javascript") && !schemes.contains("file"), "\(schemes)")
        // javascript and file links are still named, data links no more.
        #expect(byOption.errorLines.contains { $0.contains("link \"javascript:alert(1)\" dropped") }, "\(byOption.stderr)")
        #expect(!byOption.errorLines.contains { $0.contains("link \"data:") }, "\(byOption.stderr)")
    }

    @Test(arguments: [["--allow-link-scheme", "java script"], ["--allow-link-scheme", "https:"], ["--allow-link-scheme", ""]])
    func badSchemeOptionIsOneErrorLine(_ extra: [String]) throws {
        let dir = try CLI.scratch("link-bad-option")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.policyDocument(dir)
        let run = try CLI.run(["render", "policy.json", "-o", "out.svg"] + extra, in: dir)
        CLI.expectOneErrorLine(run, containing: ["--allow-link-scheme"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.svg"))
    }

    @Test func badLinkSchemesKeyIsOneErrorLine() throws {
        let dir = try CLI.scratch("link-bad-key")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("{\"data\": {\"rows\": [[\"a\"]]},\n \"linkSchemes\": [\"ftp\", \"java\\u001bscript\"]}".utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        let run = try CLI.run(["render", "bad.json", "-o", "out.pdf"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["bad.json:2: linkSchemes[1]:", "scheme name", "\\u{1B}"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.pdf"))
    }
}
