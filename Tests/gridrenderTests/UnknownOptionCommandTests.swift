import Foundation
import Testing
import GridTestSupport

/// An option nothing declares is reported as unknown, wherever it stands and whatever follows it
/// (`render x.csv --na n/d -o x.png` once answered "-o takes one input": the checks ran before
/// ArgumentParser looked for unclaimed arguments; see CheckedAfterParsing). `-` stays an input.
@Suite struct UnknownOptionCommandTests {
    /// Made-up option names, the same on every run: long ones no command declares, and short
    /// letters `render` and `layout` leave free.
    static let madeUp: [String] = {
        var rng = SplitMix(seed: 404)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let long = (0..<12).map { _ in "--zz" + String((0..<Int.random(in: 1...8, using: &rng)).map { _ in letters.randomElement(using: &rng)! }) }
        let short = (0..<6).map { _ in "-" + String(Array("abcdefgijklmnprstuwxyz").randomElement(using: &rng)!) }
        return long + ["--zz-na", "--Zz"] + Array(Set(short)).sorted()
    }()

    /// Where the unknown option stands, `X` replaced by it.
    static let shapes: [[String]] = [
        ["render", "t.csv", "X", "n/d", "-o", "x.png"],
        ["render", "X", "n/d", "t.csv", "-o", "x.png"],
        ["render", "t.csv", "-o", "x.png", "X"],
        ["render", "t.csv", "X=1", "-o", "x.png"],
        ["render", "t.csv", "u.csv", "X", "-o", "x.png"],
        ["render", "t.csv", "X", "v", "--out-dir", "out"],
        ["layout", "t.csv", "X", "n/d"],
        // Before the checks of known options' values too.
        ["render", "t.csv", "X", "--delimiter", "ab", "--page", "a9", "-o", "x.png"],
    ]

    @Test(arguments: madeUp)
    func reportedAsUnknown(option: String) throws {
        let dir = try CLI.scratch("unknown-option")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a,b\n1,2\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        for shape in Self.shapes where !(shape.contains("X=1") && !option.hasPrefix("--")) {
            let arguments = shape.map { $0.replacingOccurrences(of: "X", with: option) }
            let run = try CLI.run(arguments, in: dir)
            CLI.expectOneErrorLine(run, containing: ["Unknown option '\(option)'"])
            #expect(!run.stderr.contains("takes one input"), "\(arguments)")
            #expect(CLI.listing(dir) == ["t.csv"], "\(arguments)")
        }
    }

    @Test func standardInputIsStillAnInput() throws {
        let dir = try CLI.scratch("stdin-input")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = try CLI.run(["render", "-", "--input-format", "csv", "-o", "x.png"], in: dir, stdin: Data("a,b\n1,2\n".utf8))
        #expect(csv.status == 0, "\(csv.stderr)")
        let json = try CLI.run(["render", "-", "-o", "y.svg"], in: dir, stdin: Data(#"{"data": {"rows": [["1"]]}}"#.utf8))
        #expect(json.status == 0, "\(json.stderr)")
        #expect(CLI.listing(dir) == ["x.png", "y.svg"])
    }
}
