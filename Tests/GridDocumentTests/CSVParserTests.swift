import Testing
import GridDocument
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses a string as CSV with file name `t.csv`.
private func csv(_ text: String, delimiter: Character = ",") throws(DocumentError) -> CSVTable {
    try CSVParser.parse(Array(text.utf8), delimiter: delimiter.asciiValue!, file: "t.csv")
}

/// The error thrown for the input, or nil when it parses.
private func csvError(_ bytes: [UInt8]) -> DocumentError? {
    do { _ = try CSVParser.parse(bytes, file: "t.csv"); return nil } catch { return error }
}
private func csvError(_ text: String) -> DocumentError? { csvError(Array(text.utf8)) }

@Suite struct CSVParserTests {
    @Test func simpleFileWithTrailingNewline() throws {
        let t = try csv("a,b,c\n1,2,3\n4,5,6\n")
        #expect(t.header == ["a", "b", "c"])
        #expect(t.rows == [["1", "2", "3"], ["4", "5", "6"]])
        #expect(t.rowLines == [2, 3])
    }

    @Test func noTrailingNewline() throws {
        let t = try csv("a,b\n1,2")
        #expect(t.rows == [["1", "2"]])
        #expect(t.rowLines == [2])
    }

    @Test func crlfLineEndings() throws {
        let t = try csv("a,b\r\n1,2\r\n3,4\r\n")
        #expect(t.header == ["a", "b"])
        #expect(t.rows == [["1", "2"], ["3", "4"]])
        #expect(t.rowLines == [2, 3])
    }

    @Test func loneCRLineEndings() throws {
        let t = try csv("a,b\r1,2\r3,4")
        #expect(t.rows == [["1", "2"], ["3", "4"]])
        #expect(t.rowLines == [2, 3])
    }

    @Test func quotedFieldsWithDelimiterAndDoubledQuotes() throws {
        let t = try csv("name,quote\n\"Knuth, Donald\",\"He said \"\"hi\"\"\"\n\"\",\"\"\"\"\n")
        #expect(t.rows == [["Knuth, Donald", "He said \"hi\""], ["", "\""]])
    }

    @Test func quotedNewlinesKeepLineNumbersRight() throws {
        let t = try csv("a,b\n\"line1\nline2\nline3\",x\n2,y\n\"p\r\nq\",z\n3,w\n")
        #expect(t.rows == [["line1\nline2\nline3", "x"], ["2", "y"], ["p\r\nq", "z"], ["3", "w"]])
        #expect(t.rowLines == [2, 5, 6, 8])
    }

    @Test func quotedHeaderAndMultiByteText() throws {
        let t = try csv("\"id\",\"città\"\n1,Kraków\n2,\"Tōkyō, 東京\"\n")
        #expect(t.header == ["id", "città"])
        #expect(t.rows == [["1", "Kraków"], ["2", "Tōkyō, 東京"]])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let t = try CSVParser.parse([0xEF, 0xBB, 0xBF] + Array("id,name\n1,x\n".utf8), file: "t.csv")
        #expect(t.header == ["id", "name"])
        #expect(t.rowLines == [2])
    }

    @Test func emptyLinesAtTheEndAreIgnored() throws {
        let t = try csv("a,b\n1,2\n\n\n\r\n")
        #expect(t.rows == [["1", "2"]])
    }

    @Test func emptyLinesInTheMiddleAreSkippedButCounted() throws {
        let t = try csv("a,b\n1,2\n\n3,4\n")
        #expect(t.rows == [["1", "2"], ["3", "4"]])
        #expect(t.rowLines == [2, 4])
    }

    @Test func emptyFieldsAndTrailingDelimiter() throws {
        let t = try csv("a,b,c\n,,\n1,,\n,\"\",3\n")
        #expect(t.rows == [["", "", ""], ["1", "", ""], ["", "", "3"]])
    }

    @Test func spacesAreKept() throws {
        let t = try csv("a,b\n 1 , two \n")
        #expect(t.rows == [[" 1 ", " two "]])
    }

    @Test func headerOnly() throws {
        let t = try csv("a,b,c\n")
        #expect(t.header == ["a", "b", "c"])
        #expect(t.rows.isEmpty)
        #expect(t.rowLines.isEmpty)
    }

    @Test func tabSeparated() throws {
        let t = try csv("id\tname\tnote\n1\tAda, Countess\t\"tab\there\"\n", delimiter: "\t")
        #expect(t.header == ["id", "name", "note"])
        #expect(t.rows == [["1", "Ada, Countess", "tab\there"]])
    }

    @Test func delimiterFromPath() {
        #expect(CSVParser.delimiter(forPath: "data/x.TSV") == UInt8(ascii: "\t"))
        #expect(CSVParser.delimiter(forPath: "x.tab") == UInt8(ascii: "\t"))
        #expect(CSVParser.delimiter(forPath: "x.csv") == UInt8(ascii: ","))
    }

    @Test func raggedRowShort() {
        let text = "a,b,c,d,e,f,g,h\n" + String(repeating: "1,2,3,4,5,6,7,8\n", count: 5) + "1,2,3,4,5,6,7\n"
        let e = csvError(text)
        #expect(e == DocumentError(file: "t.csv", line: 7, "expected 8 fields, found 7"))
        #expect(e?.description == "t.csv:7: expected 8 fields, found 7")
    }

    @Test func raggedRowLongAfterMultilineField() {
        let e = csvError("a,b\n\"x\ny\",1\n1,2,3\n")
        #expect(e == DocumentError(file: "t.csv", line: 4, "expected 2 fields, found 3"))
    }

    @Test func unterminatedQuoteNamesTheOpeningLine() {
        let e = csvError("a,b\n1,2\n3,\"open\nmore\nstill open\n")
        #expect(e?.line == 3)
        #expect(e?.description == "t.csv:3: unterminated quoted field: the quote opened on this line is never closed")
    }

    @Test func strayQuoteInUnquotedField() {
        let e = csvError("a,b\n1,2\n3,ab\"c\n")
        #expect(e?.line == 3)
        #expect(e?.message == "quote inside an unquoted field; quote the whole field and double the quote (\"\")")
    }

    @Test func textAfterClosingQuote() {
        let e = csvError("a,b\n\"x\"y,2\n")
        #expect(e?.line == 2)
        #expect(e?.message == "unexpected text after a closing quote; double a quote inside a quoted field (\"\")")
    }

    @Test func invalidUTF8NamesTheLine() {
        let bytes = Array("a,b\n1,2\n\"x\ny\",".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        let e = csvError(bytes)
        #expect(e == DocumentError(file: "t.csv", line: 4, "invalid UTF-8 (byte 0xC3)"))
    }

    @Test func invalidUTF8Forms() {
        // Overlong "/", a surrogate, above U+10FFFF, truncated at the end, lone continuation.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] {
            let e = csvError(Array("a\n".utf8) + bad)
            #expect(e?.line == 2, "bytes \(bad)")
        }
        // Valid 2-, 3- and 4-byte sequences pass, also past the 8-byte ASCII fast path.
        #expect(csvError(Array("abcdefghijkl\né€😀\n".utf8)) == nil)
        #expect(csvError(Array("abcdefghijkl\nabcdefghijklmnop".utf8) + [0xFF])?.line == 2)
    }

    @Test func emptyInputIsAnError() {
        #expect(csvError("") == DocumentError(file: "t.csv", line: 1, "empty file: expected a header row"))
        #expect(csvError("\n\n")?.message == "empty file: expected a header row")
        #expect(csvError([0xEF, 0xBB, 0xBF])?.message == "empty file: expected a header row")
    }

    @Test func invalidDelimiterIsRejected() {
        #expect(throws: DocumentError.self) {
            _ = try CSVParser.parse(Array("a\n".utf8), delimiter: UInt8(ascii: "\""), file: "t.csv")
        }
    }

    @Test func missingFile() {
        #expect(throws: DocumentError(file: "nope.csv", "cannot read file: no such file")) {
            _ = try CSVParser.parse(contentsOf: "/nonexistent/dir/nope.csv", displayName: "nope.csv")
        }
        do {
            _ = try CSVParser.parse(contentsOf: "/nonexistent/x.csv")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/x.csv: cannot read file: no such file")
        }
    }

    @Test func directoryIsAnError() {
        #expect(throws: DocumentError(file: "/tmp", "cannot read file: it is a directory")) {
            _ = try CSVParser.parse(contentsOf: "/tmp")
        }
    }

    @Test func readsAFileFromDisk() throws {
        let path = "/tmp/gridrender-csv-test-\(UInt32.random(in: 0...UInt32.max)).tsv"
        #expect(writeFile(path, "x\ty\n1\t2\n"))
        defer { unlink(path) }
        let t = try CSVParser.parse(contentsOf: path, delimiter: CSVParser.delimiter(forPath: path), displayName: "data.tsv")
        #expect(t.header == ["x", "y"])
        #expect(t.rows == [["1", "2"]])
    }

    /// Random tables with quotes, delimiters, line breaks and non-ASCII text, written the
    /// RFC 4180 way, must parse back to the same fields with the right start lines.
    @Test func randomTablesRoundTrip() throws {
        let alphabet: [String] = ["a", "b", "Z", "0", "9", " ", ",", "\"", "\n", "\r\n", "é", "東", "😀", "\t", ";"]
        for round in 0..<200 {
            let columns = Int.random(in: 1...6)
            let rowCount = Int.random(in: 0...12)
            func field() -> String {
                (0..<Int.random(in: 0...8)).map { _ in alphabet.randomElement()! }.joined()
            }
            let table = (0...rowCount).map { _ in (0..<columns).map { _ in field() } }
            var text = ""
            var expectedLines: [Int] = []
            var line = 1
            for (r, row) in table.enumerated() {
                if r > 0 { expectedLines.append(line) }
                let encoded = row.map { f -> String in
                    let needsQuotes = f.isEmpty && columns == 1 || f.contains(where: { ",\"\n\r".contains($0) || $0 == "\r\n" })
                    return needsQuotes ? "\"" + f.replacingQuotes() + "\"" : f
                }
                let recordText = encoded.joined(separator: ",")
                line += recordText.filter { $0 == "\n" || $0 == "\r\n" }.count + 1
                text += recordText + (round % 2 == 0 ? "\n" : "\r\n")
            }
            let parsed = try csv(text)
            #expect(parsed.header == table[0])
            #expect(parsed.rows == Array(table.dropFirst()))
            #expect(parsed.rowLines == expectedLines)
        }
    }

    /// Benchmark (timing printed, not asserted): parses people-10000.csv when present, so
    /// `swift test -c release --filter benchmarkPeople10000` reports the parse speed.
    @Test func benchmarkPeople10000() throws {
        let path = "/work/shared/bench/data/people-10000.csv"
        guard let bytes = readFile(path) else { return }
        let clock = ContinuousClock()
        var best = Duration.seconds(1000)
        var table: CSVTable? = nil
        for _ in 0..<10 {
            let start = clock.now
            table = try CSVParser.parse(bytes, file: "people-10000.csv")
            best = min(best, clock.now - start)
        }
        #expect(table?.rows.count == 10000)
        #expect(table?.header == ["id", "name", "city", "joined", "score", "balance", "ratio", "status"])
        #expect(table?.rowLines.last == 10001)
        print("CSV parse people-10000.csv (\(bytes.count) bytes): best of 10 = \(best)")
    }
}

private func writeFile(_ path: String, _ text: String) -> Bool {
    guard let f = fopen(path, "wb") else { return false }
    defer { fclose(f) }
    let bytes = Array(text.utf8)
    return fwrite(bytes, 1, bytes.count, f) == bytes.count
}

private func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n == 0 { break }
        out += chunk[0..<n]
    }
    return out
}

private extension String {
    func replacingQuotes() -> String {
        var out = ""
        for c in self { out += c == "\"" ? "\"\"" : String(c) }
        return out
    }
    /// CR LF inside a quoted field is read back as LF.
}

@Suite struct CSVInferenceTests {
    @Test func numericColumns() throws {
        let t = try CSVParser.parse(Array("id,name,joined,score,ratio,blank,mixed\n1,Ada,2011-02-27,610,0.899,,12\n2,Bob,2012-03-01,,1e-3, ,n/a\n".utf8), file: "t.csv")
        #expect(t.numericColumns() == [true, false, false, true, true, false, false])
        #expect(try CSVParser.parse(Array("a,b\n".utf8), file: "t.csv").numericColumns() == [false, false])
    }

    @Test func peopleBenchmarkColumns() throws {
        let path = "/work/shared/bench/data/people-100.csv"
        guard let t = try? CSVParser.parse(contentsOf: path) else { return }
        #expect(t.header == ["id", "name", "city", "joined", "score", "balance", "ratio", "status"])
        #expect(t.numericColumns() == [true, false, false, false, true, true, true, false])
    }
}
