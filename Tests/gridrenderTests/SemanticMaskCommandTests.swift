import Foundation
import Testing

/// `compare --mask` with semantic entries on rendered tables: a render whose only change is in a
/// masked column compares equal at 1x and 2x (one pair and folders), a change elsewhere still
/// fails, cells masked by a regex leave the others compared, and an unknown column is one error
/// line naming the mask file, its line and key path (exit 2).
@Suite struct SemanticMaskCommandTests {
    static func tables(_ dir: String, rows: Int) throws {
        var before = ["id,name,updated_at"], after = ["id,name,updated_at"], other = ["id,name,updated_at"]
        for i in 0 ..< rows {
            before.append("\(i),Name \(i),2024-01-\(String(format: "%02d", i % 28 + 1)) 10:00")
            after.append("\(i),Name \(i),2025-11-\(String(format: "%02d", (i * 5) % 28 + 1)) 23:59")
            other.append("\(i),Name \(i == rows / 2 ? "X" : "\(i)"),2024-01-\(String(format: "%02d", i % 28 + 1)) 10:00")
        }
        try before.joined(separator: "\n").write(toFile: dir + "/before.csv", atomically: true, encoding: .utf8)
        try after.joined(separator: "\n").write(toFile: dir + "/after.csv", atomically: true, encoding: .utf8)
        try other.joined(separator: "\n").write(toFile: dir + "/other.csv", atomically: true, encoding: .utf8)
    }

    @Test(arguments: [(1.0, 4), (2.0, 9), (1.0, 17)])
    func aChangeOnlyInAMaskedColumnComparesEqual(scale: Double, rows: Int) throws {
        let dir = try CLI.scratch("semantic-mask")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.tables(dir, rows: rows)
        try FileManager.default.createDirectory(atPath: dir + "/ref", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/new", withIntermediateDirectories: true)
        for (input, output) in [("before", "ref/t.png"), ("after", "new/t.png"), ("other", "other.png")] {
            let r = try CLI.run(["render", "\(input).csv", "-o", output, "--scale", "\(scale)"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        try FileManager.default.createDirectory(atPath: dir + "/masks", withIntermediateDirectories: true)
        try "{\"masks\": [{\"document\": \"../before.csv\", \"columns\": [\"updated_at\"]}]}"
            .write(toFile: dir + "/masks/m.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["compare", "ref/t.png", "new/t.png"], in: dir).status == 1)
        let masked = try CLI.run(["compare", "ref/t.png", "new/t.png", "--mask", "masks/m.json"], in: dir)
        #expect(masked.status == 0, "\(masked.stdout)\(masked.stderr)")
        #expect(try CLI.run(["compare", "ref", "new", "--mask", "masks/m.json"], in: dir).status == 0)
        // A change in another column is still seen.
        #expect(try CLI.run(["compare", "ref/t.png", "other.png", "--mask", "masks/m.json"], in: dir).status == 1)
        // Only the cells the regex matches are masked: 2024 dates all are, 2025 ones none.
        try "{\"masks\": [{\"document\": \"../before.csv\", \"cells\": {\"column\": \"updated_at\", \"match\": \"^2024-\"}}]}"
            .write(toFile: dir + "/masks/c.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["compare", "ref/t.png", "new/t.png", "--mask", "masks/c.json"], in: dir).status == 0)
        try "{\"masks\": [{\"document\": \"../before.csv\", \"cells\": {\"column\": \"updated_at\", \"match\": \"^2025-\"}}]}"
            .write(toFile: dir + "/masks/n.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["compare", "ref/t.png", "new/t.png", "--mask", "masks/n.json"], in: dir).status == 1)
    }

    @Test func anUnknownColumnIsOneErrorLine() throws {
        let dir = try CLI.scratch("semantic-mask-error")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.tables(dir, rows: 3)
        for (input, output) in [("before", "a.png"), ("after", "b.png")] {
            _ = try CLI.run(["render", "\(input).csv", "-o", output], in: dir)
        }
        try "{\"masks\": [\n  {\"document\": \"before.csv\",\n   \"columns\": [\"updated_at\", \"updatedAt\"]}\n]}"
            .write(toFile: dir + "/m.json", atomically: true, encoding: .utf8)
        CLI.expectOneErrorLine(try CLI.run(["compare", "a.png", "b.png", "--mask", "m.json"], in: dir),
                               containing: ["m.json:3: masks[0].columns[1]: unknown column \"updatedAt\"", "updated_at"])
        CLI.expectOneErrorLine(try CLI.run(["compare", ".", ".", "--mask", "m.json"], in: dir),
                               containing: ["m.json:3: masks[0].columns[1]"])
    }
}
