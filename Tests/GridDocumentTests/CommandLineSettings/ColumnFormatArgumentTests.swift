import Testing
@testable import GridDocument
import GridTestSupport

/// `--format KEY=SPEC`: the comma list and the JSON form give the same format a document's
/// `format` does, for generated combinations of every key; bad specs are one error naming
/// `--format KEY` and the key.
@Suite struct ColumnFormatArgumentTests {
    /// The column format a document with `format` (JSON text) decodes to.
    func documentFormat(_ formatJSON: String) throws -> CellFormat {
        let d = try json(#"{"columns": [{"key": "p", "format": \#(formatJSON)}], "data": {"rows": [["1"]]}}"#)
        return try #require(d.columns?.first).cellFormat
    }

    @Test func theExampleOfTheIssue() throws {
        let f = try ColumnFormatArgument(parsing: "price=decimals:2,grouping,prefix:$")
        #expect(f.key == "price")
        #expect(f.format == (try documentFormat(#"{"number": {"decimals": 2, "grouping": true, "prefix": "$"}}"#)))
    }

    /// One value of each key: its comma-list text and its JSON.
    static func sample(_ key: String, using rng: inout SplitMix) -> (list: String, json: String) {
        switch key {
        case "grouping", "percent":
            let v = Bool.random(using: &rng)
            return (Bool.random(using: &rng) && v ? key : "\(key):\(v)", "\"\(key)\": \(v)")
        case "decimals": let v = Int.random(in: 0...15, using: &rng); return ("decimals:\(v)", "\"decimals\": \(v)")
        case "scale": let v = [100, 0.001, -1, 1e3].randomElement(using: &rng)!; return ("scale:\(v)", "\"scale\": \(v)")
        case "notation": let v = ["standard", "scientific", "compact"].randomElement(using: &rng)!; return ("notation:\(v)", "\"notation\": \"\(v)\"")
        case "negative": let v = ["minus", "parentheses"].randomElement(using: &rng)!; return ("negative:\(v)", "\"negative\": \"\(v)\"")
        case "decimalSeparator": return ("decimalSeparator:·", "\"decimalSeparator\": \"·\"")
        case "groupSeparator": let v = [" ", "'", "_"].randomElement(using: &rng)!; return ("groupSeparator:\(v)", "\"groupSeparator\": \"\(v)\"")
        default:
            let v = ["$", " €", "kg", "USD ", "%%"].randomElement(using: &rng)!
            return ("\(key):\(v)", "\"\(key)\": \"\(v)\"")
        }
    }

    @Test func generatedCommaListsEqualTheDocumentsFormat() throws {
        var rng = SplitMix(seed: 2027)
        let keys = ColumnFormatArgument.flags + ColumnFormatArgument.numbers + ColumnFormatArgument.texts
        for _ in 0..<300 {
            let chosen = keys.shuffled(using: &rng).prefix(Int.random(in: 1...keys.count, using: &rng))
            var samples = chosen.map { Self.sample($0, using: &rng) }
            // groupSeparator and decimalSeparator must differ; keep one of them.
            if chosen.contains("groupSeparator") && chosen.contains("decimalSeparator") {
                samples.removeAll { $0.list.hasPrefix("decimalSeparator") }
            }
            let withMissing = Bool.random(using: &rng)
            let list = samples.map(\.list).joined(separator: ",") + (withMissing ? ",missing:—" : "")
            let number = "{" + samples.map(\.json).joined(separator: ", ") + "}"
            let missing = withMissing ? #", "missing": "—""# : ""
            let expectedJSON = #"{"number": \#(number)\#(missing)}"#
            let expected = try documentFormat(expectedJSON)
            let fromList = try ColumnFormatArgument(parsing: "col=" + list)
            #expect(fromList.format == expected, "\(list)")
            let fromJSON = try ColumnFormatArgument(parsing: "col=" + expectedJSON)
            #expect(fromJSON.format == expected, "\(expectedJSON)")
        }
    }

    @Test func dateAndMissing() throws {
        let f = try ColumnFormatArgument(parsing: "when=date:d MMM yyyy,missing:n/a")
        #expect(f.format == (try documentFormat(#"{"date": {"output": "d MMM yyyy"}, "missing": "n/a"}"#)))
        // The key is everything before the first `=`; a title with spaces works.
        #expect(try ColumnFormatArgument(parsing: " unit price =decimals:1").key == "unit price")
    }

    @Test(arguments: [
        ("price", "--format", "expected png, svg, pdf or KEY=SPEC"),
        ("=decimals:2", "--format", "expected png, svg, pdf or KEY=SPEC"),
        ("price=", "--format price", "expected a format after ="),
        ("price=decimal:2", "--format price", "did you mean `decimals`?"),
        ("price=decimals", "--format price.decimals", "needs a value"),
        ("price=decimals:two", "--format price.decimals", "expected a number"),
        ("price=decimals:16", "--format price.number.decimals", "at most 15"),
        ("price=grouping:maybe", "--format price.grouping", "expected true or false"),
        ("price=notation:fancy", "--format price.number.notation", "fancy"),
        ("price=decimals:1,decimals:2", "--format price", "given twice"),
        ("price=decimals:1,,grouping", "--format price", "an empty item"),
        ("price=date:d MMM,decimals:1", "--format price", "not both"),
        ("price={\"number\": {\"decimals\": 2}", "--format price", "not valid JSON"),
        ("price={\"numbr\": {}}", "--format price", "did you mean `number`?"),
    ])
    func badSpecsNameTheOptionAndKey(text: String, keyPath: String, fragment: String) {
        let error = documentError { () throws(DocumentError) in try ColumnFormatArgument(parsing: text) }
        #expect(error?.keyPath == keyPath, "\(text): \(String(describing: error))")
        #expect(error?.message.contains(fragment) == true, "\(text): \(error?.message ?? "no error")")
    }
}
