import Foundation
import Testing

/// The pinned stack renders multilingual text, emoji and links byte for byte the same on every
/// run and whatever the locale, language preferences and HOME (DESIGN.md §4).
@Suite struct TextDeterminismTests {
    @Test(arguments: ["png", "svg", "pdf"])
    func sameBytesAcrossRunsAndLocales(format: String) throws {
        let dir = try CLI.scratch("text-determinism")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fixtures = CLI.packageRoot.appendingPathComponent("Fixtures/snapshots").path
        let environments: [[String: String]] = [
            [:],
            [:],
            ["LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"],
            ["LANGUAGE": "ja:zh_TW:sr", "PANGO_LANGUAGE": "ko", "HOME": dir],
        ]
        for name in ["multilingual.json", "emoji-features.json", "markup-links.json"] {
            var outputs: [Data] = []
            for (k, environment) in environments.enumerated() {
                let out = "\(dir)/\(name).\(k).\(format)"
                let run = try CLI.run(["render", "\(fixtures)/\(name)", "-o", out], in: dir, environment: environment)
                #expect(run.status == 0, "\(name) \(environment): \(run.stderr)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            }
            #expect(Set(outputs).count == 1, "\(name).\(format) differs between runs or environments")
        }
    }

    @Test func fontDirectoryIsRepeatable() throws {
        let dir = try CLI.scratch("font-dirs")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = "\(dir)/doc.json"
        try Data(#"{"data": {"rows": [["a", "直す ✅"]]}}"#.utf8).write(to: URL(fileURLWithPath: doc))
        let onlyDejaVu = try CLI.run(["render", doc, "-o", "\(dir)/a.png", "--font-dir", "/usr/share/fonts/truetype/dejavu"], in: dir)
        #expect(onlyDejaVu.status == 0 && onlyDejaVu.stderr.contains("U+76F4"), "\(onlyDejaVu.stderr)")
        let both = try CLI.run(["render", doc, "-o", "\(dir)/b.png", "--font-dir", "/usr/share/fonts/truetype/dejavu",
                                "--font-dir", "/usr/share/fonts/opentype/noto", "--font-dir", "/usr/share/fonts/truetype/noto"], in: dir)
        #expect(both.status == 0 && both.stderr.isEmpty, "\(both.stderr)")
    }
}
