import Foundation

/// A scratch folder in which the docs' shell blocks run as a reader would run them: the debug
/// build's `gridrender` first on `PATH` (with a stand-in `psql`, Fixtures/docs/bin), the
/// repository's `Fixtures/` linked, the files the blocks name made by Fixtures/docs/setup.sh, and a
/// `HOME` of its own.
struct DocSandbox {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url = url.deletingLastPathComponent()
        }
        return url
    }()

    /// The CLI that `swift build --build-tests` builds.
    static let binary: URL? = {
        let url = root.appendingPathComponent(".build/debug/gridrender")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }()

    /// A python3 that imports pandas: the one scripts/setup.sh installs into .build/venv, else
    /// the system's; nil when neither has it.
    static let pandasPython: String? = {
        for python in [root.appendingPathComponent(".build/venv/bin/python3").path, "/usr/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: python) {
            if (try? run([python, "-c", "import pandas"], in: nil, environment: nil).status) == 0 { return python }
        }
        return nil
    }()

    let directory: URL
    let environment: [String: String]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gridrender-docs-\(getpid())-\(UUID().uuidString)")
        let bin = directory.appendingPathComponent(".bin"), home = directory.appendingPathComponent(".home")
        let files = FileManager.default
        try files.createDirectory(at: bin, withIntermediateDirectories: true)
        try files.createDirectory(at: home, withIntermediateDirectories: true)
        try files.createSymbolicLink(at: directory.appendingPathComponent("Fixtures"),
                                     withDestinationURL: Self.root.appendingPathComponent("Fixtures"))
        guard let binary = Self.binary else { throw SandboxError("no .build/debug/gridrender: run swift build --build-tests") }
        try files.createSymbolicLink(at: bin.appendingPathComponent("gridrender"), withDestinationURL: binary)
        try files.createSymbolicLink(at: bin.appendingPathComponent("psql"),
                                     withDestinationURL: Self.root.appendingPathComponent("Fixtures/docs/bin/psql"))
        var path = [bin.path]
        if let python = Self.pandasPython { path.append(URL(fileURLWithPath: python).deletingLastPathComponent().path) }
        path.append(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path.joined(separator: ":")
        environment["HOME"] = home.path
        environment["LC_ALL"] = "C.UTF-8"
        for key in ["GITHUB_STEP_SUMMARY", "CI", "SNAPSHOT_RECORD"] { environment[key] = nil }
        self.environment = environment
        let setup = try Self.run(["/bin/bash", Self.root.appendingPathComponent("Fixtures/docs/setup.sh").path],
                                 in: directory, environment: environment)
        guard setup.status == 0 else { throw SandboxError("Fixtures/docs/setup.sh failed: \(setup.output)") }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Runs `arguments` here (at most `timeout` seconds), returning its status and its standard
    /// output and error together.
    func run(_ arguments: [String], timeout: Int = 120) throws -> (status: Int32, output: String) {
        try Self.run(["/usr/bin/timeout", String(timeout)] + arguments, in: directory, environment: environment)
    }

    /// `bash -e -o pipefail -c script` here.
    func bash(_ script: String) throws -> (status: Int32, output: String) {
        try run(["/bin/bash", "-e", "-o", "pipefail", "-c", script])
    }

    static func run(_ arguments: [String], in directory: URL?, environment: [String: String]?) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    struct SandboxError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
