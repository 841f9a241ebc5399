import Foundation
import GridRender
import Testing

/// Each public throwing entry point of GridRender (the `throws` lines of docs/public-api.txt's
/// GridRender module), given bad input, throws `GridRenderError` with the case and one-line
/// message a user sees (issue 26 item 4). The helpers take `throws(GridRenderError)` closures,
/// so an entry point that threw another type would not compile here.
@Suite struct PublicThrowingEntryPointsTests {
    static let fixtures = DocBlockTests.root.appendingPathComponent("Fixtures").path
    static let missing = FileManager.default.temporaryDirectory.appendingPathComponent("gridrender-missing-\(UUID().uuidString)").path
    static let unknownTheme = Document(header: ["a"], rows: [["x"]], theme: "no-such-theme")
    static let good = Document(header: ["a"], rows: [["x"]])

    func thrown(_ body: () throws(GridRenderError) -> Void) -> GridRenderError? {
        do { try body(); return nil } catch { return error }
    }

    func thrown(_ body: () async throws(GridRenderError) -> Void) async -> GridRenderError? {
        do { try await body(); return nil } catch { return error }
    }

    /// `theme: "no-such-theme"` is an invalid document at the key path `theme`.
    func expectUnknownTheme(_ error: GridRenderError?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .invalidDocument(_, _, "theme", let message)? = error else {
            Issue.record("expected invalidDocument at theme, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(message.contains("no-such-theme"), sourceLocation: sourceLocation)
        #expect(error?.description.contains("theme: ") == true, sourceLocation: sourceLocation)
    }

    /// An output extension other than .png, .svg or .pdf is unrenderable, named in the message.
    func expectUnknownExtension(_ error: GridRenderError?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .unrenderable(let message)? = error else {
            Issue.record("expected unrenderable, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(message.contains("gif"), "\(message)", sourceLocation: sourceLocation)
        #expect(error?.description == message, sourceLocation: sourceLocation)
    }

    @Test func decodingMalformedJSONNamesTheFile() {
        let error = thrown { () throws(GridRenderError) in _ = try Document(decoding: "{\"header\": [", as: .json, file: "inline.json") }
        guard case .invalidDocument(let file, _, _, let message)? = error else {
            Issue.record("expected invalidDocument, got \(String(describing: error))"); return
        }
        #expect(file == "inline.json")
        #expect(!message.isEmpty)
        #expect(error?.description.hasPrefix("inline.json") == true)
    }

    @Test func decodingCSVTextIsRefusedWithTheReason() {
        let error = thrown { () throws(GridRenderError) in _ = try Document(decoding: "a,b\n1,2\n", as: .csv, file: "t.csv") }
        #expect(error?.message == "CSV and TSV are read from files: use Document.load(path:)")
    }

    @Test func applyingAnUnknownColumnIsAnInvalidDocument() {
        let error = thrown { () throws(GridRenderError) in _ = try Self.good.applying(Document.Overrides(columns: ["nope"])) }
        guard case .invalidDocument(_, _, _, let message)? = error else {
            Issue.record("expected invalidDocument, got \(String(describing: error))"); return
        }
        #expect(message.contains("nope"), "\(message)")
    }

    @Test func layoutAndDataOfAnUnknownTheme() async {
        let doc = Self.unknownTheme
        expectUnknownTheme(thrown { () throws(GridRenderError) in _ = try doc.layout() })
        expectUnknownTheme(thrown { () throws(GridRenderError) in _ = try doc.pngData() })
        expectUnknownTheme(thrown { () throws(GridRenderError) in _ = try doc.svgData() })
        expectUnknownTheme(thrown { () throws(GridRenderError) in _ = try doc.pdfData() })
        expectUnknownTheme(await thrown { () async throws(GridRenderError) in _ = try await doc.pngData() })
        expectUnknownTheme(await thrown { () async throws(GridRenderError) in _ = try await doc.svgData() })
        expectUnknownTheme(await thrown { () async throws(GridRenderError) in _ = try await doc.pdfData() })
    }

    @Test func renderingToAnUnknownExtension() async {
        let doc = Self.good
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gridrender-\(UUID().uuidString).gif")
        expectUnknownExtension(thrown { () throws(GridRenderError) in try doc.render(to: path.path) })
        expectUnknownExtension(thrown { () throws(GridRenderError) in try doc.render(to: path) })
        expectUnknownExtension(await thrown { () async throws(GridRenderError) in try await doc.render(to: path.path) })
        expectUnknownExtension(await thrown { () async throws(GridRenderError) in try await doc.render(to: path) })
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    @Test func loadingAMissingDocumentNamesThePath() {
        let path = Self.missing + ".json"
        for error in [thrown { () throws(GridRenderError) in _ = try Document.load(path: path) },
                      thrown { () throws(GridRenderError) in _ = try Document.load(path: path, as: .json) },
                      thrown { () throws(GridRenderError) in _ = try Document.load(url: URL(fileURLWithPath: path)) },
                      thrown { () throws(GridRenderError) in _ = try Document.load(url: URL(fileURLWithPath: path), as: .json) }] {
            guard case .invalidDocument(let file, _, _, let message)? = error else {
                Issue.record("expected invalidDocument, got \(String(describing: error))"); continue
            }
            #expect(file == path)
            #expect(!message.isEmpty)
            #expect(error?.description.hasPrefix(path) == true)
        }
    }

    @Test func loadingABadDocumentGivesItsLineAndKeyPath() {
        let path = Self.fixtures + "/bad/unknown-key.json"
        for error in [thrown { () throws(GridRenderError) in _ = try Document.load(path: path, as: .json) },
                      thrown { () throws(GridRenderError) in _ = try Document.load(url: URL(fileURLWithPath: path), as: .json) }] {
            #expect(error?.file == path)
            #expect(error?.line != nil)
            #expect(error?.keyPath?.isEmpty == false)
        }
    }

    @Test func loadingFromAWebURLIsRefused() {
        let url = URL(string: "https://example.com/table.json")!
        for error in [thrown { () throws(GridRenderError) in _ = try Document.load(url: url) },
                      thrown { () throws(GridRenderError) in _ = try Document.load(url: url, as: .json) },
                      thrown { () throws(GridRenderError) in _ = try Theme.load(url: url) }] {
            guard case .invalidDocument(let file, _, _, let message)? = error else {
                Issue.record("expected invalidDocument, got \(String(describing: error))"); continue
            }
            #expect(file == url.absoluteString)
            #expect(message == "cannot read it: only file URLs can be read")
        }
    }

    @Test func loadingAMissingOrBadTheme() throws {
        let path = Self.missing + ".theme.json"
        for error in [thrown { () throws(GridRenderError) in _ = try Theme.load(path: path) },
                      thrown { () throws(GridRenderError) in _ = try Theme.load(url: URL(fileURLWithPath: path)) }] {
            #expect(error?.file == path)
            #expect(error?.description.hasPrefix(path) == true)
        }
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("gridrender-bad-\(UUID().uuidString).json")
        try Data("{\"name\": \"x\", \"nope\": 1}".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let error = thrown { () throws(GridRenderError) in _ = try Theme.load(path: bad.path) }
        #expect(error?.file == bad.path)
        #expect(error?.description.contains("nope") == true, "\(String(describing: error))")
    }
}
