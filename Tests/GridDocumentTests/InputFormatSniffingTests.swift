import Testing
@testable import GridDocument

/// Standard input told apart from its bytes (`InputFormat.sniff`) and read as that format.
@Suite struct InputFormatSniffingTests {
    static let samples: [(text: String, format: InputFormat?)] = [
        (#"{"data": {"rows": [["a", 1]]}}"#, .json),
        ("\u{FEFF}  \n[1, 2]", .json),
        ("title: Hi\ndata:\n  rows:\n    - [a, 1]\n", .yaml),
        ("# a comment\n---\ntitle: x\n", .yaml),
        ("data:\n  csv: people.csv\n", .yaml),
        ("name,mass\nAda,1\n", .csv),
        ("name;mass\nAda;1,5\n", .csv),
        ("name\tmass\nAda\t1\n", .csv),
        ("name|mass\nAda|1\n", .csv),
        ("name,time: of day\nAda,3\n", .csv),  // a delimiter before the colon: a CSV header
        ("# Scores\n\nSome text.\n\n| k | v |\n|---|--:|\n| a | 1 |\n", .md),
        ("k | v\n--|--\na | 1\n", .md),
        ("hello\nworld\n", nil),
        ("", nil),
        (" \n\t\n", nil),
    ]

    @Test(arguments: samples.indices)
    func sniffs(index: Int) {
        let (text, format) = Self.samples[index]
        #expect(InputFormat.sniff(Array(text.utf8)) == format, "\(text.debugDescription)")
    }

    @Test(arguments: [InputFormat.json, .yaml, .csv, .md])
    func eachFormatDecodesToTheSameTable(format: InputFormat) throws {
        let text: String
        switch format {
        case .json: text = #"{"data": {"rows": [["k", "v"], ["a", 1], ["b", null]]}}"#
        case .yaml: text = "data:\n  rows:\n    - [k, v]\n    - [a, 1]\n    - [b, null]\n"
        case .md: text = "| k | v |\n|---|---|\n| a | 1 |\n| b | NA |\n"
        default: text = "k;v\na;1\nb;NA\n"
        }
        let bytes = Array(text.utf8)
        let sniffed = try #require(InputFormat.sniff(bytes))
        #expect(sniffed == format)
        let g = try Document.decode(bytes, as: sniffed, path: "-", maxInputBytes: 1 << 20, reading: DataReading()).prepare()
        let cells = (0..<3).map { r in (0..<2).map { c -> String in
            if case .text(let s) = g.cells.content(row: r, column: c, item: nil) { return s } else { return "" }
        } }
        #expect(cells == [["k", "v"], ["a", "1"], ["b", ""]])
        #expect(g.cells.style(row: 1, column: 1, item: nil).align == .right)
    }
}
