@testable import GridDocument

/// Paths to `Fixtures/…` resolved from this file's location, so tests run from any directory.
enum Fixture {
    static let root: String = {
        let file = "\(#filePath)"
        var parts = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(3)  // TestSupport.swift, GridDocumentTests, Tests
        return parts.joined(separator: "/") + "/Fixtures"
    }()
    static func path(_ relative: String) -> String { root + "/" + relative }
}

/// Runs `body` and returns the DocumentError it throws (nil if it did not throw).
func documentError<T>(_ body: () throws(DocumentError) -> T) -> DocumentError? {
    do { _ = try body(); return nil } catch { return error }
}

func json(_ text: String, file: String = "doc.json") throws(DocumentError) -> Document {
    try Document.decode(json: Array(text.utf8), file: file)
}

func jsonError(_ text: String, file: String = "doc.json") -> DocumentError? {
    documentError { () throws(DocumentError) in try json(text, file: file) }
}

func parseJSON(_ text: String) throws(DocumentError) -> Node {
    try NodeJSONParser.parse(Array(text.utf8), file: "t.json")
}

func jsonParseError(_ bytes: [UInt8]) -> DocumentError? {
    documentError { () throws(DocumentError) in try NodeJSONParser.parse(bytes, file: "t.json") }
}

extension Color {
    /// Components rounded to 1/1000 for comparisons.
    var rounded: [Double] { [red, green, blue, alpha].map { ($0 * 1000).rounded() / 1000 } }
}
