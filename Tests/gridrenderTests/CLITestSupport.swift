import Foundation
import Testing
import GridTestSupport

/// Runs the built `gridrender` binary, as a user or a script would, in a scratch folder.
enum CLI {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The non-empty lines of standard error.
        var errorLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// The package's root folder (the one holding Package.swift).
    static let packageRoot: URL = {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        return root
    }()

    /// The `gridrender` executable beside this test bundle, else the package's `.build/debug`.
    static let binary: URL? = {
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("gridrender") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// `executable` runs another program (a shell wrapping gridrender) instead of the binary.
    static func run(_ arguments: [String], in directory: String, stdin: Data? = nil,
                    environment: [String: String] = [:], executable: String? = nil) throws -> Run {
        let binary = try executable.map { URL(fileURLWithPath: $0) } ?? #require(binary, "gridrender binary not built")
        // A child that stops reading standard input early (an input over the size limit) must
        // give the writer EPIPE, not kill the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin {
            // Written on another thread: a large input must not block while the pipes fill.
            let handle = input.fileHandleForWriting
            let writer = Thread { try? handle.write(contentsOf: stdin); try? handle.close() }
            writer.start()
        } else {
            try input.fileHandleForWriting.close()
        }
        // Standard output is drained on another thread so neither pipe can fill up and block.
        let stdoutBox = DataBox()
        let done = DispatchSemaphore(value: 0)
        let outHandle = out.fileHandleForReading
        Thread { stdoutBox.data = outHandle.readDataToEndOfFile(); done.signal() }.start()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        let stdoutData = stdoutBox.data
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh empty folder.
    static func scratch(_ label: String) throws -> String {
        try TestScratch.directory(label)
    }

    /// The names in a folder, sorted (hidden temporary files included).
    static func listing(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    /// What every failure must look like (DESIGN.md §8): one `error:` line, no crash report.
    static func expectOneErrorLine(_ run: Run, code: Int32 = 2, containing fragments: [String],
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == code, "exit \(run.status), stderr: \(run.stderr)", sourceLocation: sourceLocation)
        let errors = run.errorLines.filter { !$0.hasPrefix("warning: ") }
        #expect(errors.count == 1, "expected one error line, got: \(run.stderr)", sourceLocation: sourceLocation)
        let line = errors.first.map(String.init) ?? ""
        #expect(line.hasPrefix("error: "), "\(line)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(line.contains(fragment), "\"\(fragment)\" not in: \(line)", sourceLocation: sourceLocation)
        }
        for crash in ["Fatal error", "Stack dump", "backtrace", "Crash", "Segmentation", "0x0000"] {
            #expect(!run.stderr.contains(crash), "crash report in: \(run.stderr)", sourceLocation: sourceLocation)
        }
    }
}

private final class DataBox: @unchecked Sendable {  // written once, before the semaphore signals
    var data = Data()
}
