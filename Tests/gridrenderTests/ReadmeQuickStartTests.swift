import Foundation
import Testing

/// README.md's Quick start, run as written (with the debug build's binary as `$B`) in a scratch
/// folder that sees the repository's Fixtures/, so its commands and paths cannot drift.
@Suite struct ReadmeQuickStartTests {
    /// The `$B …` lines of the Quick start block, comments dropped.
    static func commands() throws -> [String] {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Quick start\n").dropFirst().first)
        let block = section.components(separatedBy: "\n").drop { !$0.hasPrefix("    ") }.prefix { $0.hasPrefix("    ") }
        return block.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("$B ") }
            .map { line in line.range(of: "  #").map { String(line[..<$0.lowerBound]) } ?? line }
    }

    @Test func quickStartRunsAsWritten() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 6, "the Quick start block was found")
        let binary = try #require(CLI.binary, "gridrender binary not built")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-quick-start-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("Fixtures"),
                                                   withDestinationURL: CLI.packageRoot.appendingPathComponent("Fixtures"))
        for command in commands {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "B='\(binary.path)'; \(command)"]
            process.currentDirectoryURL = dir
            let err = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // `compare` exits 1 when the images differ, as the comment in the README says.
            let allowed: Set<Int32> = command.contains(" compare ") ? [0, 1] : [0]
            #expect(allowed.contains(process.terminationStatus), "\(command): exit \(process.terminationStatus): \(stderr)")
        }
        for output in ["people.png", "sections.pdf", "out", "people-dark.png", "diff.png"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(output).path), "\(output) written")
        }
    }
}
