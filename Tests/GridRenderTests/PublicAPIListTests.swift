import Foundation
import Testing

/// The public API of the library products, from their symbol graphs (`scripts/public-api.py`),
/// equals the list checked in at docs/public-api.txt, so any growth or change of the surface
/// shows in review; and every public throwing API of the GridRender facade throws
/// `GridRenderError`, and no public type is named like one of swift-snapshot-testing's
/// (issue 26 item 4). Re-record with `scripts/public-api.py --record`.
@Suite struct PublicAPIListTests {
    @Test func liveSurfaceEqualsTheCheckedInList() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", DocBlockTests.root.appendingPathComponent("scripts/public-api.py").path, "--check"]
        process.currentDirectoryURL = DocBlockTests.root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output.prefix(4_000))")
    }
}
