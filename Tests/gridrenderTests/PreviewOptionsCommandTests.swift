import Foundation
import Testing

/// Quick-preview options: `--padding`, `--stretch`, the default padding of a titled CSV.
@Suite struct PreviewOptionsCommandTests {
    static func size(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (be32(16), be32(20))
    }

    @Test func paddingStretchAndTitledCSVPadding() throws {
        let dir = try CLI.scratch("preview")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AppearancePairTests.csv.write(toFile: dir + "/people.csv", atomically: true, encoding: .utf8)
        func layout(_ extra: [String]) throws -> [String: Any] {
            let run = try CLI.run(["layout", "people.csv"] + extra, in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        }
        func width(_ json: [String: Any]) -> Double { ((json["size"] as? [String: Any])?["width"] as? Double) ?? -1 }
        // --stretch widens the columns to --width (minus padding) instead of leaving a blank strip.
        let natural = try layout([])
        let stretched = try layout(["--width", "400", "--stretch"])
        let columns = (stretched["columns"] as? [[String: Any]]) ?? []
        let end = columns.last.map { ($0["x"] as? Double ?? 0) + ($0["width"] as? Double ?? 0) } ?? 0
        #expect(width(natural) < 200 && width(stretched) == 400 && end == 400)
        // --padding: the image grows by twice the padding on each axis.
        _ = try CLI.run(["render", "people.csv", "-o", "a.png"], in: dir)
        _ = try CLI.run(["render", "people.csv", "-o", "b.png", "--padding", "10"], in: dir)
        let (aw, ah) = try Self.size(dir + "/a.png"), (bw, bh) = try Self.size(dir + "/b.png")
        #expect(bw == aw + 20 && bh == ah + 20)
        // A title on a bare CSV gets 12 pt padding, unless --padding says otherwise.
        _ = try CLI.run(["render", "people.csv", "-o", "t.png", "--title", "People"], in: dir)
        _ = try CLI.run(["render", "people.csv", "-o", "t0.png", "--title", "People", "--padding", "0"], in: dir)
        let (tw, th) = try Self.size(dir + "/t.png"), (t0w, t0h) = try Self.size(dir + "/t0.png")
        #expect(tw == t0w + 24 && th == t0h + 24)
    }

    @Test(arguments: [
        (["--stretch"], "--stretch: needs a canvas width"),
        (["--padding=-3"], "--padding must be a length of 0 or more points"),
        (["--padding", "nan"], "--padding must be a length of 0 or more points"),
    ])
    func badValuesExitTwo(arguments: [String], fragment: String) throws {
        let dir = try CLI.scratch("preview-bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AppearancePairTests.csv.write(toFile: dir + "/people.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "people.csv", "-o", "t.png"] + arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: [fragment])
        #expect(CLI.listing(dir) == ["people.csv"])
    }
}

/// A Markdown table is a documentation image: it gets the 12 pt padding titled or not.
@Suite struct MarkdownPaddingCommandTests {
    @Test func markdownTablesArePaddedUntitled() throws {
        let dir = try CLI.scratch("md-padding")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "| a | b |\n|---|---|\n| 1 | 2<br>3 |\n".write(toFile: dir + "/t.md", atomically: true, encoding: .utf8)
        try "a,b\n1,2\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        for (input, padded) in [("t.md", true), ("t.csv", false)] {
            #expect(try CLI.run(["render", input, "-o", "p.png"], in: dir).status == 0)
            #expect(try CLI.run(["render", input, "-o", "p0.png", "--padding", "0"], in: dir).status == 0)
            let (w, h) = try PreviewOptionsCommandTests.size(dir + "/p.png"), (w0, h0) = try PreviewOptionsCommandTests.size(dir + "/p0.png")
            #expect(padded ? (w == w0 + 24 && h == h0 + 24) : (w == w0 && h == h0), "\(input)")
        }
    }
}
