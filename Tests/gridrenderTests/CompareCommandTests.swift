import Foundation
import GridSnapshot
import Testing

/// Runs the built `gridrender` binary, as a user or a script would.
@Suite struct CompareCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `gridrender` executable in the products directory next to this test bundle, falling
    /// back to the package's `.build/debug`.
    static let binary: URL? = {
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        candidates.append(root.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("gridrender") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    func run(_ arguments: [String], in directory: String) throws -> Run {
        let binary = try #require(Self.binary, "gridrender binary not built")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A folder with a.png (white 20×10), same.png (the same pixels, other bytes), dot.png (one
    /// black pixel) and corrupt.png (a truncated PNG).
    func fixtures() throws -> String {
        let dir = NSTemporaryDirectory() + "gridrender-compare-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let white = RGBAImage(width: 20, height: 10, fill: RGBA(255, 255, 255))
        try white.writePNG(to: dir + "/a.png")
        try white.writePNG(to: dir + "/same.png", compressionLevel: 0)
        var dot = white
        dot[3, 4] = RGBA(0, 0, 0)
        try dot.writePNG(to: dir + "/dot.png")
        try Data(try white.pngData().prefix(45)).write(to: URL(fileURLWithPath: dir + "/corrupt.png"))
        return dir
    }

    @Test func matchingImagesExitZero() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try run(["compare", "a.png", "same.png"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("images match (strict)"))
        #expect(result.stderr.isEmpty)
    }

    @Test func differingImagesExitOne() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try run(["compare", "a.png", "dot.png"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("1 of 200 pixels differ"))
        // Limits from the command line turn the same difference into a match.
        #expect(try run(["compare", "a.png", "dot.png", "--max-pixels", "1"], in: dir).status == 0)
        #expect(try run(["compare", "a.png", "dot.png", "--max-fraction", "0.005"], in: dir).status == 0)
        #expect(try run(["compare", "a.png", "dot.png", "--max-fraction", "0.004"], in: dir).status == 1)
        #expect(try run(["compare", "a.png", "dot.png", "--preset", "perceptual"], in: dir).status == 1)
    }

    @Test(arguments: [
        (["compare", "a.png", "missing.png"], "error: missing.png: no such file"),
        (["compare", "corrupt.png", "a.png"], "error: corrupt.png: corrupt PNG: "),
        (["compare", "a.png", "dot.png", "--preset", "fuzzy"], "error: --preset: unknown preset \"fuzzy\""),
        (["compare", "a.png", "dot.png", "--max-pixels", "3", "--max-fraction", "0.1"],
         "error: --max-pixels and --max-fraction cannot be used together"),
        (["compare", "a.png"], "error: Missing expected argument '<actual>'"),
        (["compare", "a.png", "dot.png", "--threshold", "2"], "error: --threshold: expected a number from 0 to 1"),
    ])
    func errorsExitTwoWithOneLine(arguments: [String], prefix: String) throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try run(arguments + ["--diff", "out.png"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"), "no output on error")
    }

    @Test func jsonOutput() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try run(["compare", "a.png", "dot.png", "--json"], in: dir)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect(object["differingPixels"] as? Int == 1)
        #expect(object["comparedPixels"] as? Int == 200)
        #expect(object["maxChannelDifference"] as? Int == 255)
        let bounds = try #require(object["differingBounds"] as? [String: Int])
        #expect(bounds == ["x": 3, "y": 4, "width": 1, "height": 1])
        #expect((object["options"] as? [String: Any])?["name"] as? String == "strict")

        let match = try run(["compare", "a.png", "same.png", "--json"], in: dir)
        #expect(match.status == 0)
        let matchObject = try #require(try JSONSerialization.jsonObject(with: Data(match.stdout.utf8)) as? [String: Any])
        #expect(matchObject["passed"] as? Bool == true)
        #expect(Set(matchObject.keys) == Set(object.keys))
    }

    /// Two SVG or two PDF files are compared as folder pairs are: by their rasters (and, for SVG,
    /// the normalised text); a diff image comes from the rasters. Mixed formats are refused.
    @Test(arguments: ["svg", "pdf"])
    func vectorPairs(format: String) throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, value) in [("one", "12.5"), ("again", "12.5"), ("other", "99.9")] {
            try Data(#"{"theme": "plain", "columns": [{"key": "n", "width": 60}], "data": {"rows": [["\#(value)"]]}}"#.utf8)
                .write(to: URL(fileURLWithPath: dir + "/\(name).json"))
            #expect(try run(["render", "\(name).json", "-o", "\(name).\(format)"], in: dir).status == 0)
        }
        let same = try run(["compare", "one.\(format)", "again.\(format)"], in: dir)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.hasPrefix("images match (strict)"))
        let changed = try run(["compare", "one.\(format)", "other.\(format)", "--diff", "d.png", "--json"], in: dir)
        #expect(changed.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == false && (object["differingPixels"] as? Int ?? 0) > 0)
        let diff = try RGBAImage(contentsOfPNGFile: dir + "/d.png")
        #expect(diff.width % 3 == 0 && diff.width > 0)   // expected | diff | actual
        let mixed = try run(["compare", "one.\(format)", "a.png"], in: dir)
        #expect(mixed.status == 2 && mixed.stderr.hasPrefix("error: a.png: cannot compare a .png file with a .\(format) file"), "\(mixed.stderr)")
        #expect(mixed.stderr.split(separator: "\n").count == 1)
    }

    @Test func diffImage() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try run(["compare", "a.png", "dot.png", "--diff", "d/diff.png"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("diff: d/diff.png"))
        let diff = try RGBAImage(contentsOfPNGFile: dir + "/d/diff.png")
        #expect(diff.width == 60 && diff.height == 10)
        #expect(diff[20 + 3, 4] == RGBA(255, 0, 0))     // darker in the actual image
        #expect(diff[20 + 0, 0] == RGBA(255, 255, 255)) // unchanged white stays white
        #expect(diff[40 + 3, 4] == RGBA(0, 0, 0))       // actual panel
    }

    @Test func htmlReport() throws {
        let dir = try fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try run(["compare", "a.png", "dot.png", "--report", "report"], in: dir)
        #expect(result.status == 1)
        let html = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(html.contains("a.png vs dot.png"))
        #expect(html.contains("src=\"files/dot.diff.png\""))
        #expect(FileManager.default.fileExists(atPath: dir + "/report/files/dot.diff.png"))
    }
}
