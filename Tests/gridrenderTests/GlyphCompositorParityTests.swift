import Foundation
import GridTestSupport
import Testing

/// The texts the library leaves to Pango (hex boxes, texts of more than 64 lines, texts with
/// colour emoji, glyphs reaching a clip's partly covered pixels) are what the CLI's opt-in
/// `cairo_show_glyphs` composites from the library's glyph coverages (Sources/CGlyphCompositor):
/// generated tables of each class, at canvas scales 1, 2 and 3 (and 1.5, where cell clips fall
/// off the pixel grid), on one and two painting threads, come out of the CLI and of a program
/// that links only `GridRender` (Cairo's own glyph compositing) as the very same PNG bytes.
@Suite struct GlyphCompositorParityTests {
    enum Kind: String, CaseIterable {
        /// Characters no pinned font has (private use, unassigned astral): Pango's hex boxes.
        case hexBoxes
        /// A cell of 70 lines: more than the PNG player draws whole.
        case longTexts
        /// Words around colour emoji, which the PNG player leaves to Pango.
        case emoji
        /// Long words cut by narrow cells, with no ellipsis.
        case clipped
    }

    static func cell(_ kind: Kind, _ g: inout SeededWords) -> String {
        switch kind {
        case .hexBoxes:
            let odd = ["\u{E000}", "\u{E0A7}", "\u{F8FF}", "\u{10FFFD}", "\u{0378}", "\u{E5F1}\u{E5F2}"]
            return (0..<(2 + g.next(4))).map { _ in g.next(2) == 0 ? odd[g.next(odd.count)] : g.word() }.joined(separator: " ")
        case .longTexts:
            return (0..<70).map { _ in g.word() + " " + g.word() }.joined(separator: "\n")
        case .emoji:
            let emoji = ["😀", "🚀", "👍🏽", "🇯🇵", "✅", "👩‍💻"]
            return (0..<(3 + g.next(4))).map { _ in g.next(3) == 0 ? emoji[g.next(emoji.count)] : g.word() }.joined(separator: " ")
        case .clipped:
            return (0..<(1 + g.next(3))).map { _ in g.word() + g.word() + g.word() }.joined(separator: "")
        }
    }

    /// A table of `kind` cells in three fonts and sizes, as JSON.
    static func document(_ kind: Kind, scale: Double, seed: UInt64) -> String {
        var g = SeededWords(state: seed)
        let fonts = ["DejaVu Sans 9", "DejaVu Serif Italic 11", "DejaVu Sans Mono Bold 7.5"]
        let columns = fonts.enumerated().map { i, font in
            #"{"key": "c\#(i)", "style": {"font": "\#(font)""# + (kind == .clipped ? #", "ellipsize": "none"}, "width": \#(31 + i * 7)"# : "}") + "}"
        }
        let rows = (0..<(kind == .longTexts ? 2 : 6)).map { _ in
            "[" + fonts.indices.map { _ in
                let text = cell(kind, &g).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    .replacingOccurrences(of: "\n", with: "\\n")
                return "\"\(text)\""
            }.joined(separator: ", ") + "]"
        }
        return #"{"canvas": {"scale": \#(scale)}, "columns": [\#(columns.joined(separator: ", "))], "data": {"rows": [\#(rows.joined(separator: ", "))]}}"#
    }

    static let cases: [(Kind, Double)] = Kind.allCases.flatMap { kind in [1.0, 2, 3].map { (kind, $0) } } + [(.clipped, 1.5), (.hexBoxes, 1.5)]

    @Test(arguments: cases.indices)
    func cliAndLibraryDrawTheSameBytes(index: Int) throws {
        let (kind, scale) = Self.cases[index]
        let program = try #require(LibraryOnlyRenderTests.program, "LibraryOnlyRender not built")
        let dir = try CLI.scratch("compositor-parity")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for seed in [UInt64(26), 2026] {
            try Self.document(kind, scale: scale, seed: seed &+ UInt64(index)).write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
            var outputs: [(String, Data)] = []
            for threads in ["1", "2"] {
                let cli = try CLI.run(["render", "t.json", "-o", "cli-\(threads).png"], in: dir, environment: ["GRIDRENDER_THREADS": threads])
                #expect(cli.status == 0, "\(cli.stderr)")
                let library = try CLI.run(["t.json", "library-\(threads).png"], in: dir, environment: ["GRIDRENDER_THREADS": threads],
                                          executable: program.path)
                #expect(library.status == 0, "\(library.stderr)")
                for name in ["cli-\(threads).png", "library-\(threads).png"] {
                    outputs.append((name, try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))))
                }
            }
            let first = outputs[0].1
            #expect(first.count > 1_000)
            for (name, bytes) in outputs.dropFirst() {
                #expect(bytes == first, "\(kind) at scale \(scale), seed \(seed): \(name) differs from cli-1.png")
            }
        }
    }
}
