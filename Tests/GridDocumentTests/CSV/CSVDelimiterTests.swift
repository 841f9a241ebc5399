import Testing
@testable import GridDocument
import GridTestSupport

/// Delimiter sniffing (`CSVDelimiter.sniff`) over generated tables for each candidate, with
/// quoted fields holding the other delimiters, and the forced delimiter's validation.
@Suite struct CSVDelimiterTests {
    static let delimiters: [Character] = [",", ";", "\t", "|"]

    /// A table of `rows` × `columns` generated from `seed`: numbers, words, decimal commas, and
    /// quoted fields holding every other candidate, quotes and line breaks.
    static func table(delimiter: Character, seed: UInt64, rows: Int, columns: Int) -> (text: String, cells: [[String]]) {
        var rng = SplitMix(seed: seed)
        let others = delimiters.filter { $0 != delimiter }
        var cells: [[String]] = [(0..<columns).map { "col\($0)" }]
        for _ in 0..<rows {
            cells.append((0..<columns).map { _ in
                switch rng.next() % 6 {
                case 0: return String(rng.next() % 10_000)
                case 1: return "w\(rng.next() % 100)"
                case 2: return "a\(others[Int(rng.next() % UInt64(others.count))])b"   // must be quoted
                case 3: return "x\(delimiter)y"                                         // must be quoted
                case 4: return "say \"hi\"\nthen \(others.map(String.init).joined())"
                default: return delimiter == "," ? "1.5" : "\(rng.next() % 100),\(rng.next() % 100)"
                }
            })
        }
        // Fields holding a candidate are quoted, except decimal commas (`12,5`), left bare as a
        // European export writes them, and every third number, quoted for no reason.
        func field(_ s: String) -> String {
            let decimalComma = s.first?.isNumber == true && s.contains(",")
            let quoted = !decimalComma && s.contains(where: { $0 == "\"" || $0 == "\n" || delimiters.contains($0) })
            return quoted || (s.first?.isNumber == true && s.count % 3 == 0 && !decimalComma)
                ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        let text = cells.map { $0.map(field).joined(separator: String(delimiter)) }.joined(separator: "\n") + "\n"
        return (text, cells)
    }

    @Test(arguments: delimiters)
    func sniffsGeneratedTables(delimiter: Character) throws {
        for seed in UInt64(1)...40 {
            let columns = 2 + Int(seed % 5), rows = Int(seed % 13)
            let (text, cells) = Self.table(delimiter: delimiter, seed: seed &* 7919, rows: rows, columns: columns)
            let bytes = Array(text.utf8)
            let sniffed = CSVDelimiter.sniff(bytes)
            #expect(sniffed == delimiter.asciiValue!, "seed \(seed): \(text.debugDescription)")
            #expect(CSVDelimiter.sniff(bytes) == sniffed)   // deterministic
            let table = try CSVParser.parse(bytes, delimiter: sniffed, file: "g.csv")
            #expect([table.header] + table.rows == cells, "seed \(seed)")
        }
    }

    @Test func semicolonFileWithDecimalCommasKeepsThemInTheirField() throws {
        let text = "name;mass;height\nAda;1,5;170\nBo;12,25;180,5\nCy;NA;3\n"
        #expect(CSVDelimiter.sniff(Array(text.utf8)) == UInt8(ascii: ";"))
        let read = try DataReading().table(Array(text.utf8), tsv: false, file: "eu.csv")
        #expect(read.table.header == ["name", "mass", "height"])
        #expect(read.table.rows == [["Ada", "1,5", "170"], ["Bo", "12,25", "180,5"], ["Cy", "", "3"]])
    }

    @Test func oneColumnAndEmptyInputFallBackToComma() {
        #expect(CSVDelimiter.sniff(Array("name\nAda\nBo\n".utf8)) == UInt8(ascii: ","))
        #expect(CSVDelimiter.sniff([]) == UInt8(ascii: ","))
        #expect(CSVDelimiter.sniff(Array("\u{FEFF}a|b\n1|2".utf8)) == UInt8(ascii: "|"))
    }

    @Test func aForcedDelimiterWins() throws {
        let read = try DataReading(delimiter: UInt8(ascii: "|")).table(Array("a,b|c\n1,2|3\n".utf8), tsv: false, file: "t.csv")
        #expect(read.table.header == ["a,b", "c"])
        let tsv = try DataReading().table(Array("a;b\tc\n1;2\t3\n".utf8), tsv: true, file: "t.tsv")
        #expect(tsv.table.header == ["a;b", "c"])
    }

    @Test func writtenDelimiters() {
        func parsed(_ s: String) -> UInt8? { if case .success(let b) = CSVDelimiter.parse(s) { return b } else { return nil } }
        #expect(parsed(";") == UInt8(ascii: ";"))
        #expect(parsed("\\t") == 0x09 && parsed("tab") == 0x09 && parsed("TAB") == 0x09 && parsed("\t") == 0x09)
        for bad in ["ab", "", "\"", "\n", "é", ";;"] { #expect(parsed(bad) == nil, "\(bad.debugDescription)") }
    }
}
