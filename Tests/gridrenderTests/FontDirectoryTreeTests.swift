import Foundation
import Testing

/// `--font-dir` trees (issue 25 item 6): fontconfig opens every entry of the whole tree,
/// following links, so an entry that is not a regular file or a folder anywhere in it made a
/// run hang (a FIFO) or read without end (a device). `FontDirectoryCheck` walks the tree first;
/// each run here is under `timeout`, so a hang fails the test instead of stalling it.
@Suite struct FontDirectoryTreeTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Where the bad entry goes, relative to the font folder, and what it is.
    static let placements: [(name: String, path: String, kind: String)] = [
        ("FIFO at the top", "pipe.ttf", "fifo"),
        ("FIFO without a font name", "pipe", "fifo"),
        ("FIFO nested", "a/b/c/pipe.otf", "fifo"),
        ("symlink to a FIFO outside", "a/link.ttf", "fifo-link"),
        ("symlinked folder holding a FIFO", "linked", "fifo-in-linked-folder"),
        ("character device by link", "a/zero.ttf", "device-link"),
        ("socket", "a/sock.ttf", "socket"),
    ]

    @Test(arguments: placements.indices)
    func badEntryIsRefusedPromptly(_ index: Int) throws {
        let (name, path, kind) = Self.placements[index]
        let dir = try CLI.scratch("fonttree")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fonts = dir + "/fonts"
        try FileManager.default.createDirectory(atPath: fonts + "/a/b/c", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.font, toPath: fonts + "/DejaVuSans.ttf")
        let target = fonts + "/" + path
        switch kind {
        case "fifo":
            #expect(mkfifo(target, 0o644) == 0)
        case "fifo-link":
            #expect(mkfifo(dir + "/outside", 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: dir + "/outside")
        case "fifo-in-linked-folder":
            try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
            #expect(mkfifo(dir + "/elsewhere/pipe.ttf", 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: dir + "/elsewhere")
        case "device-link":
            try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: "/dev/zero")
        default:
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(target.utf8) + [0]
            #expect(bytes.count <= MemoryLayout.size(ofValue: address.sun_path), "\(target) is too long for a socket")
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes.prefix($0.count)) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0, "bind \(target): \(String(cString: strerror(errno)))")
            close(fd)
        }
        try #"{"data": {"rows": [["a"]]}}"#.write(toFile: dir + "/ok.json", atomically: true, encoding: .utf8)
        let binary = try #require(CLI.binary).path
        let start = Date()
        let run = try CLI.run(["20", binary, "render", "ok.json", "-o", "out.png", "--font-dir", "fonts"], in: dir,
                              executable: "/usr/bin/timeout")
        #expect(run.status != 124, "\(name): the run hung")
        #expect(Date().timeIntervalSince(start) < 15, "\(name): took \(Date().timeIntervalSince(start)) s")
        let shown = kind == "fifo-in-linked-folder" ? "linked/pipe.ttf" : path
        let what = kind.hasPrefix("fifo") ? "named pipe (FIFO)" : kind == "socket" ? "socket" : "device"
        CLI.expectOneErrorLine(run, containing: ["--font-dir fonts", shown + ": ", what])
        #expect(!CLI.listing(dir).contains("out.png"), "\(name)")
        #expect(!CLI.listing(dir).contains { $0.hasPrefix(".gridrender-") }, "\(name)")
    }

    /// Links that fontconfig copes with are not refused: a dangling link, a link back up the
    /// tree (walked once), a link to a font elsewhere.
    @Test func harmlessLinksStillRender() throws {
        let dir = try CLI.scratch("fonttree-ok")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fonts = dir + "/fonts"
        try FileManager.default.createDirectory(atPath: fonts + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fonts + "/sub/font.ttf", withDestinationPath: Self.font)
        try FileManager.default.createSymbolicLink(atPath: fonts + "/sub/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: fonts + "/gone.ttf", withDestinationPath: dir + "/nothing")
        try #"{"data": {"rows": [["a"]]}}"#.write(toFile: dir + "/ok.json", atomically: true, encoding: .utf8)
        let binary = try #require(CLI.binary).path
        let run = try CLI.run(["20", binary, "render", "ok.json", "-o", "out.png", "--font-dir", "fonts"], in: dir,
                              executable: "/usr/bin/timeout")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(CLI.listing(dir).contains("out.png"))
    }
}
