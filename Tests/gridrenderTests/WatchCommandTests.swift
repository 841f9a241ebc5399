import Foundation
import Testing

/// `render --watch`: renders, renders again when the input or a file it reads changes, keeps
/// running past a bad input (printing its error line), and ends with status 0 on SIGINT.
@Suite struct WatchCommandTests {
    /// Waits up to 30 s for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func rendersAgainOnChangesAndStopsOnSIGINT() throws {
        let dir = try CLI.scratch("watch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A document reading a CSV file: the data file is watched too.
        try #"{"data": {"csv": "t.csv"}}"#.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        try "a,b\n1,2\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try #require(CLI.binary)
        process.arguments = ["render", "doc.json", "-o", "w.png", "--watch"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.environment = ProcessInfo.processInfo.environment.merging(["GRIDRENDER_WATCH_INTERVAL_MS": "50"]) { $1 }
        let err = Pipe()
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let out = dir + "/w.png"
        #expect(Self.eventually { Self.bytes(out) != nil })
        let first = Self.bytes(out)
        // The data file changes: a second render, a different picture.
        try "a,b\n1,2\n3,4\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        #expect(Self.eventually { Self.bytes(out).map { $0 != first } ?? false }, "no second render")
        let second = Self.bytes(out)
        // A broken document: an error line, the last picture kept, still running.
        try #"{"data": {"csv": "t.csv"}, "colums": []}"#.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 1)
        #expect(process.isRunning && Self.bytes(out) == second)
        // Fixed again, with a title: a third render.
        try #"{"title": "T", "data": {"csv": "t.csv"}}"#.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        #expect(Self.eventually { Self.bytes(out).map { $0 != second } ?? false }, "no render after the fix")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.split(separator: "\n").count == 1 && stderr.contains("error: doc.json") && stderr.contains("colums"), "\(stderr)")
        #expect(CLI.listing(dir) == ["doc.json", "t.csv", "w.png"])
    }
}
