import Foundation
import GridSnapshot
import Testing

/// `gridrender compare` with images it cannot read: exit 2, one line naming the file, no diff
/// image written and an existing one untouched.
@Suite struct CompareCommandErrorTests {
    static func fixtures() throws -> String {
        let dir = try RenderCommandErrorTests.fixtures()
        try RGBAImage(width: 4, height: 4, fill: RGBA(255, 255, 255)).writePNG(to: dir + "/white.png")
        // 70,000 × 70,000 in the header: refused before any pixel memory is allocated.
        var giant = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/giant.png")))
        giant.replaceSubrange(16..<24, with: [0, 1, 0x11, 0x70, 0, 1, 0x11, 0x70])
        try Data(giant).write(to: URL(fileURLWithPath: dir + "/huge.png"))
        return dir
    }

    @Test(arguments: ["truncated.png", "corrupt-data.png", "not-a-png.png", "giant.png", "huge.png", "no-such.png", "."])
    func unreadableImageExitsTwo(_ name: String) throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sentinel = Data("old diff".utf8)
        try sentinel.write(to: URL(fileURLWithPath: dir + "/diff.png"))
        let before = CLI.listing(dir)
        for arguments in [["compare", "white.png", name, "--diff", "diff.png"], ["compare", name, "white.png", "--diff", "diff.png"]] {
            let run = try CLI.run(arguments, in: dir)
            CLI.expectOneErrorLine(run, containing: [name])
            #expect(CLI.listing(dir) == before)
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/diff.png")) == sentinel)
        }
    }
}
