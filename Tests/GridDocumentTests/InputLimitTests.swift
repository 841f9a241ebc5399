import Foundation
import Testing
@testable import GridDocument
import GridTestSupport

/// Limits checked before memory is spent: file size, nesting depth, alias expansion, cell
/// count, image headers (DESIGN.md §8).
@Suite struct InputLimitTests {
    func scratch() throws -> String {
        try TestScratch.directory("limits")
    }

    @Test func jsonNestedTwoHundredThousandDeepIsAnError() {
        let bytes = Array((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8)
        #expect(throws: DocumentError.self) { try NodeJSONParser.parse(bytes, file: "deep.json") }
        do { _ = try Document.decode(json: bytes, file: "deep.json") } catch {
            #expect(error.description == "deep.json:1: nesting deeper than 512 levels")
        }
    }

    @Test(arguments: [
        String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000),
        String(repeating: "{a: ", count: 200_000) + "1" + String(repeating: "}", count: 200_000),
        String(repeating: "- ", count: 200_000) + "x\n",
        (0..<600).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " 1\n",
    ])
    func yamlNestedDeepIsAnError(text: String) {
        do {
            _ = try Document.decode(yaml: text, file: "deep.yaml")
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("deep.yaml:"))
            #expect(error.message.contains("nesting deeper than 512 levels"), "\(error)")
        }
    }

    @Test func nestingAtTheLimitIsAccepted() throws {
        let depth = NodeJSONParser.maxDepth
        let bytes = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        _ = try NodeJSONParser.parse(bytes, file: nil)
    }

    @Test func fileOverTheSizeLimitIsRefusedBeforeReading() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/doc.json"
        try Data("{\"title\": \"\(String(repeating: "a", count: 5000))\"}".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Document.load(path: path, maxInputBytes: 1000)
            Issue.record("no error")
        } catch {
            #expect(error.file == path)
            #expect(error.message.contains("over the input size limit of 1,000 bytes"), "\(error)")
        }
        _ = try Document.load(path: path, maxInputBytes: 10_000)
    }

    @Test func dataFilesFollowTheDocumentsLimit() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("{\"data\": {\"tsv\": \"big.tsv\"}}".utf8).write(to: URL(fileURLWithPath: dir + "/doc.json"))
        try Data(("a\tb\n" + String(repeating: "1\t2\n", count: 500)).utf8).write(to: URL(fileURLWithPath: dir + "/big.tsv"))
        let document = try Document.load(path: dir + "/doc.json", maxInputBytes: 1000)
        #expect(throws: DocumentError.self) { try document.prepare() }
        _ = try Document.load(path: dir + "/doc.json", maxInputBytes: 100_000).prepare()
    }

    @Test func csvParserLimit() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("a,b\n1,2\n".utf8).write(to: URL(fileURLWithPath: dir + "/t.csv"))
        #expect(throws: DocumentError.self) { try CSVParser.parse(contentsOf: dir + "/t.csv", maxBytes: 4) }
        #expect(try CSVParser.parse(contentsOf: dir + "/t.csv", maxBytes: 8).rows == [["1", "2"]])
    }

    /// A "billion laughs" document: 10^8 values after expansion, refused by a counting pass
    /// before any `Node` is built (the default budget: the CLI test with Fixtures/bad).
    @Test func aliasBombIsAnError() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<8 { yaml += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        do {
            _ = try NodeYAMLReader.parse(yaml, file: "bomb.yaml", maxNodes: 50_000)
            Issue.record("no error")
        } catch {
            #expect(error.message.contains("expands to more than 50000 values"), "\(error)")
        }
    }

    @Test func tooManyCellsIsAnError() throws {
        // 1 column × (maxCells + 1) rows would take gigabytes; a wide table reaches the limit
        // with few rows: 20,001 columns × 1,000 rows.
        let columns = Document.maxCells / 1000 + 1
        var document = Document()
        document.file = "wide.json"
        document.columns = (0..<columns).map { Document.Column(key: "c\($0)") }
        document.data = .rows(Array(repeating: [Document.Cell](), count: 1000))
        do {
            _ = try document.prepare()
            Issue.record("no error")
        } catch {
            #expect(error.file == "wide.json")
            #expect(error.keyPath == "data")
            #expect(error.message.contains("cells in all"), "\(error)")
        }
    }

    @Test func pngHeaderChecks() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let length = UInt32(data.count), crc = FileIO.crc32(body[...])
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
        func ihdr(_ w: UInt32, _ h: UInt32) -> [UInt8] {
            chunk("IHDR", [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: w >> $0) } + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: h >> $0) } + [8, 6, 0, 0, 0])
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let good = signature + ihdr(1, 1) + chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0, 0, 0, 5, 0, 1]) + chunk("IEND", [])
        let cases: [(String, [UInt8], String?)] = [
            ("good.png", good, nil),
            ("text.png", Array("hello".utf8), "not a PNG image"),
            ("giant.png", signature + ihdr(30000, 30000) + chunk("IEND", []), "too large"),
            ("wide.png", signature + ihdr(40000, 1) + chunk("IEND", []), "too large"),
            ("zero.png", signature + ihdr(0, 5) + chunk("IEND", []), "0×5"),
            ("truncated.png", Array(good.prefix(40)), "truncated"),
            ("no-data.png", signature + ihdr(1, 1) + chunk("IEND", []), "no pixel data"),
            ("bad-crc.png", Array(good.prefix(good.count - 1)) + [good.last! ^ 1], "corrupt"),
        ]
        for (name, bytes, problem) in cases {
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
            let found = FileIO.pngHeaderProblem(dir + "/" + name)
            if let problem {
                #expect(found?.contains(problem) == true, "\(name): \(found ?? "nil")")
            } else {
                #expect(found == nil, "\(name): \(found ?? "")")
            }
        }
    }
}
