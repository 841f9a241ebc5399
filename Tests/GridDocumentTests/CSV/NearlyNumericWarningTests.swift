import Testing
@testable import GridDocument
import GridTestSupport

/// The warning for a column that is numeric but for a few values (`nearlyNumericWarnings`).
@Suite struct NearlyNumericWarningTests {
    static func warnings(_ text: String, file: String = "people.csv") throws(DocumentError) -> [String] {
        try DataReading().table(Array(text.utf8), tsv: false, file: file).warnings
    }

    @Test func namesTheColumnTheCountAndTheTexts() throws {
        let w = try Self.warnings("name,mass\na,1\nb,n/d\nc,3\nd,n/d\ne,5\nf,?\ng,7\nh,8\ni,9\nj,NA\n")
        #expect(w == ["people.csv: column \"mass\" is numeric except 3 values (\"n/d\", \"?\"): add them to data.na or --na to treat them as missing"])
    }

    @Test func noWarningForNumbersTextOrManyDistinctTexts() throws {
        #expect(try Self.warnings("a,b\n1,x\n2,y\nNA,z\n").isEmpty)                       // numeric and text columns
        #expect(try Self.warnings("a\n1\nx\ny\nz\nw\n2\n3\n4\n5\n6\n7\n8\n").isEmpty)     // four distinct texts
        #expect(try Self.warnings("a\n1\nx\ny\n").isEmpty)                                 // texts not few beside 1 number
        #expect(try Self.warnings("a\nx\n").isEmpty)
    }

    @Test(arguments: 1...3)
    func generatedExceptions(count: Int) throws {
        var rows = (0..<(2 * count)).map { String($0 * 7) }
        for k in 0..<count { rows.insert("bad\(k)", at: k * 2) }
        let w = try Self.warnings("v\n" + rows.joined(separator: "\n") + "\n", file: "-")
        #expect(w.count == 1)
        #expect(w.first?.hasPrefix("standard input: column \"v\" is numeric except \(count) value") == true, "\(w)")
        // Made missing, they warn no more.
        let quiet = try DataReading(missingTokens: (0..<count).map { "bad\($0)" })
            .table(Array(("v\n" + rows.joined(separator: "\n") + "\n").utf8), tsv: false, file: "-")
        #expect(quiet.warnings.isEmpty)
    }
}

/// `CSVTable.readsAsNumber` agrees with `NumberFormat.parseNumber` (which column inference uses).
@Suite struct ReadsAsNumberTests {
    @Test func agreesWithParseNumberOnGeneratedTexts() {
        var rng = SplitMix(seed: 27)
        let alphabet = Array("0123456789.-+eE \tx,")
        var texts = ["", " ", "1", "-1", "+.5", "5.", ".", "-", "1e5", "1e999", "1e", "1.2.3", " 7\t", "0x10", "NaN", "inf",
                     String(repeating: "9", count: 400), "1" + String(repeating: "0", count: 299) + ".5"]
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 8)
            texts.append(String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }))
        }
        for t in texts {
            #expect(CSVTable.readsAsNumber(t) == (NumberFormat.parseNumber(t) != nil), "\(t.debugDescription)")
        }
    }
}
