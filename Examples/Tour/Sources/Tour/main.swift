import Foundation

// Runs every step of the docs/API.md tour in a scratch folder that sees the repository's
// Fixtures/ (the paths the docs use), and fails loudly on any broken expectation.
nonisolated(unsafe) var failures = 0

func check(_ condition: Bool, _ what: String) {
    if !condition { failures += 1; print("tour: FAILED: \(what)") }
}

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()   // Sources/Tour
    .deletingLastPathComponent().deletingLastPathComponent()                   // Examples/Tour
    .deletingLastPathComponent().deletingLastPathComponent()                   // the repository
let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gridrender-tour-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("Fixtures"),
                                           withDestinationURL: repository.appendingPathComponent("Fixtures"))
_ = FileManager.default.changeCurrentDirectoryPath(scratch.path)
defer { try? FileManager.default.removeItem(at: scratch) }

nonisolated(unsafe) var steps = 0
func step(_ name: String, _ body: () async throws -> Void) async {
    steps += 1
    do { try await body() } catch { failures += 1; print("tour: FAILED: \(name): \(error)") }
}
await step("first table") { try firstTable() }
await step("values") { try values() }
await step("publication") { try publication() }
await step("item grid") { try itemGrid() }
await step("loading and rendering") { try loadingAndRendering() }
await step("async rendering") { try await checkAsyncRendering() }
await step("layout") { try layoutGeometry() }
await step("errors") { errors() }
await step("names") { names() }
print("tour: \(steps) steps, \(failures) failures")
if failures > 0 { exit(1) }
