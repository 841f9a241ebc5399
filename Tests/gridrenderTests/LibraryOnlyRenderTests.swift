import Foundation
import Testing

/// A program that links only the `GridRender` library (`LibraryOnlyRender`) does not change its
/// process: it defines none of the three functions the opt-in `GridRenderAccelerators` product
/// interposes, which the CLI does define; and it renders the fixtures to the CLI's very bytes
/// in PNG, SVG and PDF (issue 26, item 3).
@Suite struct LibraryOnlyRenderTests {
    static let interposed = ["__snprintf_chk", "cairo_show_glyphs", "cairo_ft_font_face_create_for_pattern"]

    static var program: URL? {
        CLI.binary.map { $0.deletingLastPathComponent().appendingPathComponent("LibraryOnlyRender") }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
    }

    /// The symbols `binary` defines (text, weak or otherwise), from `nm`.
    static func defined(in binary: URL) throws -> Set<String> {
        let run = try CLI.run(["--defined-only", binary.path], in: FileManager.default.currentDirectoryPath, executable: "/usr/bin/nm")
        #expect(run.status == 0, "\(run.stderr)")
        return Set(run.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    @Test func libraryProgramDefinesNoInterposedSymbol() throws {
        let program = try #require(Self.program, "LibraryOnlyRender not built")
        let cli = try #require(CLI.binary)
        let library = try Self.defined(in: program), tool = try Self.defined(in: cli)
        for symbol in Self.interposed {
            #expect(!library.contains(symbol), "\(symbol) is defined by a program that links only GridRender")
            #expect(tool.contains(symbol), "\(symbol) is not defined by the CLI (its accelerators are off)")
        }
        #expect(!library.contains { $0.hasPrefix("grgc_") || $0.hasPrefix("grft_") || $0.hasPrefix("grfmt_") })
    }

    /// PNG text is composited by the library itself at quarter pixels (`PNGGlyphs`) in both, and
    /// left to Pango and Cairo the same way in both: right-to-left, CJK, emoji, markup included.
    @Test(arguments: ["demo/table.json", "demo/sections.yaml", "demo/items.json", "gallery/spans.json", "gallery/palette.yaml",
                      "snapshots/multilingual.json", "snapshots/emoji-features.json", "snapshots/rtl-accents.json",
                      "snapshots/markup-links.json"])
    func libraryProgramDrawsTheCLIsBytes(fixture: String) throws {
        let program = try #require(Self.program, "LibraryOnlyRender not built")
        let dir = try CLI.scratch("libraryonly")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = CLI.packageRoot.appendingPathComponent("Fixtures/" + fixture).path
        for format in ["png", "svg", "pdf"] {
            let cli = try CLI.run(["render", source, "-o", "cli.\(format)"], in: dir)
            #expect(cli.status == 0, "\(cli.stderr)")
            let library = try CLI.run([source, "library.\(format)"], in: dir, executable: program.path)
            #expect(library.status == 0, "\(library.stderr)")
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/cli.\(format)"))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/library.\(format)"))
            #expect(a == b, "\(fixture) \(format): the library's output differs from the CLI's")
        }
    }

    /// A line wider than Cairo's 32,767-px surfaces: the CLI's compositor draws the glyph runs
    /// that cross a tile's edge, the library's narrower tiles keep them in Cairo's range.
    @Test(arguments: [1.0, 2.0])
    func libraryProgramDrawsLinesWiderThanATile(scale: Double) throws {
        let program = try #require(Self.program, "LibraryOnlyRender not built")
        let dir = try CLI.scratch("libraryonly-wide")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let count = Int(6_000 / scale)
        var word = ""
        for i in 0..<count { word.append(letters[(i * 7 + i / 26) % 26]) }
        try #"{"canvas": {"scale": \#(scale)}, "columns": [{"key": "a"}], "data": {"rows": [["\#(word) \#(word)"]]}}"#
            .write(toFile: dir + "/wide.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["render", "wide.json", "-o", "cli.png"], in: dir).status == 0)
        #expect(try CLI.run(["wide.json", "library.png"], in: dir, executable: program.path).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/cli.png"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/library.png"))
        #expect(a.count > 10_000 && a == b)
    }
}
