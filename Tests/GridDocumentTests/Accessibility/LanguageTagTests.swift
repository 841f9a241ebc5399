import Testing
@testable import GridDocument
import GridTestSupport

/// `lang`: a BCP 47 tag by its form, carried to the prepared grid ("en" when absent).
@Suite struct LanguageTagTests {
    @Test(arguments: ["en", "de-CH", "zh-Hant", "zh-Hant-TW", "sr-Latn", "es-419", "EN", "tlh", "de-CH-1996"])
    func wellFormedTagsAreKept(tag: String) throws {
        let d = try json(#"{"lang": "\#(tag)", "data": {"rows": [["a"]]}}"#)
        #expect(d.lang == tag)
        #expect(try d.prepare().language == tag)
    }

    @Test func absentMeansEnglish() throws {
        let d = try json(#"{"data": {"rows": [["a"]]}}"#)
        #expect(d.lang == nil)
        #expect(try d.prepare().language == "en")
    }

    /// Generated: malformed tags (empty subtags, a one-letter or over-long primary language,
    /// digits first, spaces, underscores, non-ASCII letters) and wrong types: one error each,
    /// naming the file, the line and `lang`.
    @Test func malformedTagsAreOneErrorNamingTheKey() throws {
        var cases = ["", "e", "englishlanguage", "1de", "de_CH", "de CH", "de-", "-de", "de--CH", "dé", "de-CH-toolongsubtag", "abcdefghi"]
        var generator = SplitMix(seed: 30)
        for _ in 0..<40 {
            // A well-formed tag broken at a random place by a character no tag holds.
            let base = ["en", "de-CH", "zh-Hant-TW", "sr-Latn"][Int(generator.next() % 4)]
            var scalars = Array(base)
            scalars.insert(["_", " ", ".", "é", "/"][Int(generator.next() % 5)], at: Int(generator.next() % UInt64(scalars.count + 1)))
            cases.append(String(scalars))
        }
        for tag in cases {
            let text = "{\n  \"lang\": \"\(tag)\",\n  \"data\": {\"rows\": [[\"a\"]]}\n}"
            let e = try #require(jsonError(text), "\(tag)")
            #expect(e.description.contains("doc.json:2"), "\(tag): \(e.description)")
            #expect(e.description.contains("lang"), "\(tag): \(e.description)")
            #expect(!e.description.contains("\n"), "\(tag)")
        }
        for value in ["1", "true", "null", "[\"en\"]", "{\"tag\": \"en\"}"] {
            #expect(jsonError("{\"lang\": \(value)}")?.description.contains("lang") == true, "\(value)")
        }
    }
}
