import Foundation
import Testing
@testable import GridDocument

/// The escapers of `GridDocument/Escaping`, one per output syntax, fed every hostile string
/// of `HostileStrings` (alone, in text, in pairs): what each writes is well-formed in its syntax
/// and reads back as the input (with what the syntax cannot hold replaced, never dropped).
@Suite struct EscapingTests {
    // MARK: XML

    /// What an XML reader gets back from `XMLText.escaped`: entities and references decoded.
    static func xmlDecoded(_ s: String) -> String {
        var out = "", i = s.startIndex
        while i < s.endIndex {
            if s[i] == "&", let semi = s[i...].firstIndex(of: ";") {
                let name = String(s[s.index(after: i)..<semi])
                switch name {
                case "amp": out += "&"
                case "lt": out += "<"
                case "gt": out += ">"
                case "quot": out += "\""
                case "apos": out += "'"
                default:
                    guard name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let u = Unicode.Scalar(v) else { return "bad reference &\(name);" }
                    out.unicodeScalars.append(u)
                }
                i = s.index(after: semi)
            } else {
                out.append(s[i]); i = s.index(after: i)
            }
        }
        return out
    }

    static func xmlAllowed(_ u: Unicode.Scalar) -> Bool {
        u == "\t" || u == "\n" || u == "\r" || (0x20...0xD7FF).contains(u.value) || (0xE000...0xFFFD).contains(u.value) || u.value >= 0x10000
    }

    @Test func xmlEscapesEveryHostileStringAndReadsBack() {
        var failures: [String] = []
        for s in HostileStrings.all {
            let e = XMLText.escaped(s)
            let expected = String(String.UnicodeScalarView(s.unicodeScalars.map { Self.xmlAllowed($0) ? $0 : "\u{FFFD}" }))
            if e.unicodeScalars.contains(where: { !Self.xmlAllowed($0) || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" || $0.value < 0x20 })
                || Self.xmlDecoded(e) != expected {
                failures.append(s.debugDescription)
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
        // Replaced, not dropped: a control cannot join what it separated.
        #expect(XMLText.escaped("java\u{1}script:") == "java\u{FFFD}script:")
        #expect(XMLText.escaped("a\u{FFFE}b\u{FFFF}") == "a\u{FFFD}b\u{FFFD}")
        #expect(XMLText.escaped("plain text") == "plain text")
    }

    /// One document holding every hostile string as element text and in both kinds of quoted
    /// attribute is well-formed for an independent parser (xmllint).
    @Test func xmlDocumentOfHostileStringsIsWellFormed() throws {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r>\n"
        for s in HostileStrings.all {
            let e = XMLText.escaped(s)
            xml += "<e a=\"\(e)\" b='\(e)'>\(e)</e>\n"
        }
        xml += "</r>\n"
        let path = NSTemporaryDirectory() + "escaping-\(getpid())-\(UUID().uuidString).xml"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", "--huge", path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message.prefix(2000))")
    }

    // MARK: PDF

    static func percentDecoded(_ s: String) -> [UInt8] {
        let b = Array(s.utf8)
        var out: [UInt8] = [], i = 0
        while i < b.count {
            if b[i] == 0x25, i + 2 < b.count, let v = UInt8(String(decoding: b[i + 1...i + 2], as: UTF8.self), radix: 16) {
                out.append(v); i += 3
            } else {
                out.append(b[i]); i += 1
            }
        }
        return out
    }

    /// Nothing PDF or Cairo reads is left in a URI: only URI characters of printable ASCII, no
    /// parentheses, backslash, quote or space; percent-decoding gives back the input's bytes;
    /// encoding twice changes nothing.
    @Test func pdfURIIsInertASCIIAndReadsBack() {
        let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&*+,;=%".utf8)
        var failures: [String] = []
        for s in HostileStrings.all {
            let u = PDFText.uri(s)
            let decodedInput = Self.percentDecoded(s)   // %28 already in the input stays %28
            if !u.utf8.allSatisfy(safe.contains) || Self.percentDecoded(u) != decodedInput || PDFText.uri(u) != u {
                failures.append(s.debugDescription)
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
        #expect(PDFText.uri("https://example.com/) /S /JavaScript /JS (app.alert(1)")
                == "https://example.com/%29%20/S%20/JavaScript%20/JS%20%28app.alert%281%29")
        #expect(PDFText.uri("https://e.com/a_(b)?q=1&r=%2F#x") == "https://e.com/a_%28b%29?q=1&r=%2F#x")
        #expect(PDFText.uri("https://例え.jp/é") == "https://%E4%BE%8B%E3%81%88.jp/%C3%A9")
        #expect(PDFText.uri("100%") == "100%25")
    }

    /// Cairo's attribute parser (`cairo-tag-attributes.c`: a single-quoted string, a backslash
    /// taking the next character as it is) reads back exactly the value.
    @Test func cairoAttributeReadsBack() {
        func cairoParse(_ quoted: String) -> String? {
            var scalars = Array(quoted.unicodeScalars)
            guard scalars.first == "'", scalars.last == "'", scalars.count >= 2 else { return nil }
            scalars = Array(scalars[1..<scalars.count - 1])
            var out = String.UnicodeScalarView(), i = 0
            while i < scalars.count {
                if scalars[i] == "\\" { guard i + 1 < scalars.count else { return nil }; i += 1 }
                else if scalars[i] == "'" { return nil }   // the string would end here
                out.append(scalars[i]); i += 1
            }
            return String(out)
        }
        let failures = HostileStrings.all.filter { cairoParse(PDFText.cairoAttribute($0)) != $0 }
        #expect(failures.count == 0, "\(failures.prefix(5).map(\.debugDescription))")
    }

    // MARK: URL paths

    /// A file name written as a link names that file: no scheme a browser would see, no comma
    /// (a `srcset` separator), no character outside a URL path; it percent-decodes to the path.
    @Test func urlPathsNameTheFileAndNeverAScheme() {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+;=:@%".utf8)
        var failures: [String] = []
        for s in HostileStrings.all + ["javascript:alert(1).png", "JaVa\tscript:x.png", "data:a,b.png", "a:b/c.png", "dir/a:b.png", "/abs/x:y.png"] {
            let r = URLPath.reference(s)
            let firstSegment = r.prefix { $0 != "/" }
            if firstSegment.contains(":") || r.contains(",") || !r.utf8.allSatisfy(allowed.contains)
                || Self.percentDecoded(r.hasPrefix("./") && !s.hasPrefix("./") ? String(r.dropFirst(2)) : r) != PathBytes.bytes(s) {   // escape scalars stand for their bytes
                failures.append(s.debugDescription)
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
        #expect(URLPath.reference("javascript:alert(1).png") == "./javascript:alert(1).png")
        #expect(URLPath.reference("images/a b,c.png") == "images/a%20b%2Cc.png")
        #expect(URLPath.reference("dir/a:b.png") == "dir/a:b.png")
    }

    // MARK: Markdown

    /// The cells of one GFM table row: split at `|` not escaped by a backslash.
    static func cells(_ row: String) -> Int {
        var count = 0, escaped = false
        for c in row.unicodeScalars {
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true } else if c == "|" { count += 1 }
        }
        return count - 1
    }

    /// A Markdown cell stays one cell of one line: no line break, no control character, no
    /// unescaped `|`, no raw HTML; every punctuation character that starts inline syntax is escaped.
    @Test func markdownCellStaysOneCellOfOneLine() {
        var failures: [String] = []
        for s in HostileStrings.all {
            let e = MarkdownText.escaped(s)
            let row = "| \(e) | x |"
            var unescaped = false, escaping = false
            for u in e.unicodeScalars {
                if escaping { escaping = false } else if u == "\\" { escaping = true } else if "`*_[]|#~!$".unicodeScalars.contains(u) { unescaped = true }
            }
            if Self.cells(row) != 2 || e.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{7F}" || $0 == "<" || $0 == ">" || $0 == "\u{2028}" })
                || unescaped {
                failures.append(s.debugDescription)
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
        #expect(MarkdownText.escaped("- x") == "\\- x")
        #expect(MarkdownText.escaped("12. x") == "12\\. x")
        #expect(MarkdownText.escaped("a-b 1. c") == "a-b 1. c")
        #expect(MarkdownText.escaped("changes in 1x1 at (3, 4)") == "changes in 1x1 at (3, 4)")
    }

    /// A code span is fenced by more backticks than any run inside, on one line.
    @Test func markdownCodeSpanFencesEveryBacktickRun() {
        var failures: [String] = []
        for s in HostileStrings.all {
            let span = MarkdownText.codeSpan(s)
            var longest = 0, run = 0
            for u in s.unicodeScalars { run = u == "`" ? run + 1 : 0; longest = max(longest, run) }
            let fence = String(repeating: "`", count: longest + 1)
            if !span.hasPrefix(fence) || !span.hasSuffix(fence) || span.hasPrefix(fence + "`")
                || span.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{7F}" }) {
                failures.append(s.debugDescription)
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
        #expect(MarkdownText.codeSpan("gridrender accept 'a b' c") == "`gridrender accept 'a b' c`")
        #expect(MarkdownText.codeSpan("a`b") == "``a`b``")
        #expect(MarkdownText.codeSpan("`x") == "`` `x ``")
    }
}
