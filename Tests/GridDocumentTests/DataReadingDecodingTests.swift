import Testing
@testable import GridDocument

/// `data.na` and `data.delimiter`: decoded with CSV and TSV data, refused elsewhere or when
/// malformed, as one error with the key path.
@Suite struct DataReadingDecodingTests {
    @Test func decodesTokensAndDelimiters() throws {
        #expect(try json(#"{"data": {"csv": "a.csv", "na": ["-", ""]}}"#).dataReading.missingTokens == ["-", ""])
        for (written, byte) in [(";", UInt8(ascii: ";")), ("\\\\t", 0x09), ("tab", 0x09), ("|", UInt8(ascii: "|"))] {
            let d = try json(#"{"data": {"tsv": "a.tsv", "delimiter": "\#(written)"}}"#)
            #expect(d.dataReading.delimiter == byte, "\(written)")
        }
        #expect(try json(#"{"data": {"csv": "a.csv"}}"#).dataReading == DataReading())
    }

    @Test(arguments: [
        (#"{"data": {"csv": "a.csv", "delimiter": "ab"}}"#, "data.delimiter", "expected one character"),
        (#"{"data": {"csv": "a.csv", "delimiter": "\""}}"#, "data.delimiter", "quote"),
        (#"{"data": {"csv": "a.csv", "na": 3}}"#, "data.na", "expected an array of strings"),
        (#"{"data": {"csv": "a.csv", "na": ["x", 3]}}"#, "data.na[1]", "expected a string"),
        (#"{"data": {"rows": [["a"]], "na": ["x"]}}"#, "data.na", "applies to `csv` and `tsv`"),
        (#"{"data": {"json": "a.json", "delimiter": ";"}}"#, "data.delimiter", "applies to `csv` and `tsv`"),
        (#"{"data": {"na": ["x"]}}"#, "data", "exactly one of"),
        (#"{"data": {"csv": "a.csv", "nas": ["x"]}}"#, "data", "did you mean `na`"),
    ])
    func refusesBadValues(text: String, keyPath: String, fragment: String) throws {
        let e = try #require(jsonError(text))
        #expect(e.keyPath == keyPath, "\(e)")
        #expect("\(e)".contains(fragment), "\(e)")
        #expect(e.line == 1)
    }
}
