import Foundation
import GridRender
import Testing

@Suite struct GridRenderErrorTests {
    static let fixtures = DocBlockTests.root.appendingPathComponent("Fixtures").path

    @Test func badDocumentIsInvalidDocumentWithLocation() throws {
        let path = Self.fixtures + "/bad/unknown-key.json"
        do {
            _ = try Document.load(path: path)
            Issue.record("loading \(path) should fail")
        } catch .invalidDocument(let file, let line, let keyPath, let message) {
            #expect(file == path)
            #expect(line != nil)
            #expect(keyPath?.isEmpty == false)
            #expect(!message.isEmpty)
        } catch {
            Issue.record("expected invalidDocument, got \(error)")
        }
    }

    @Test func localizedDescriptionIsTheOneLineMessage() {
        let error = GridRenderError.invalidDocument(file: "people.json", line: 12, keyPath: "columns[2].width",
                                                    message: "expected a number")
        #expect(error.description == "people.json:12: columns[2].width: expected a number")
        #expect(error.localizedDescription == error.description)
        #expect((error as any Error).localizedDescription == error.description)
        #expect(!error.description.contains("\n"))
        #expect(GridRenderError.renderFailed(message: "disk full").localizedDescription == "disk full")
    }

    @Test func unknownThemeAndBadOutputAreDistinguished() throws {
        let doc = Document(header: ["a"], rows: [["x"]], theme: "fancy")
        #expect { try doc.pngData() } throws: { ($0 as? GridRenderError)?.keyPath == "theme" }
        let good = Document(header: ["a"], rows: [["x"]])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gridrender-errors-\(UUID().uuidString)")
        #expect { try good.render(to: dir.appendingPathComponent("a.gif")) } throws: {
            if case .unrenderable = $0 as? GridRenderError { return true } else { return false }
        }
        #expect { try good.render(to: URL(string: "https://example.com/a.png")!) } throws: {
            if case .unrenderable = $0 as? GridRenderError { return true } else { return false }
        }
    }
}
