import Foundation
import GridRender

/// docs/API.md, "Errors".
func errors() {
    do {
        let doc = try Document.load(path: "Fixtures/bad/unknown-key.json")
        try doc.render(to: "out.png")
    } catch .invalidDocument(let file, let line, let keyPath, let message) {
        print("\(file ?? "-"):\(line ?? 0): \(keyPath ?? "") — \(message)")
    } catch {
        print(error.localizedDescription)          // the one-line message
    }

    do {
        _ = try Document.load(path: "Fixtures/no-such-file.json")
        check(false, "a missing file throws")
    } catch {
        check(error.file == "Fixtures/no-such-file.json", "the error names the file")
        check(error.localizedDescription == error.description, "localizedDescription is the one-line message")
    }
}
