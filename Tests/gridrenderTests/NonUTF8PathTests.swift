import Foundation
import Testing

/// File names that are not valid UTF-8 (docs/robustness.md, "Paths"): Linux names are bytes, and
/// a name with 0xFF in it must be read and written under exactly its own bytes, and shown escaped
/// (`\xFF`) in messages. `Process` takes `String` arguments (which cannot hold such bytes), so
/// each test runs gridrender from a shell script that makes the names with `printf`.
@Suite struct NonUTF8PathTests {
    /// A shell prelude: `$G` is the binary; `$F` (0xFE), `$X` (0xFF), `$E` (0xE9, Latin-1 "é"),
    /// `$C` (0xC3, a lone UTF-8 lead byte) are single invalid bytes.
    static let prelude = #"""
        set -e
        F=$(printf '\376'); X=$(printf '\377'); E=$(printf '\351'); C=$(printf '\303')
        """#

    /// Runs `script` with `sh` in `dir`, with `$G` naming the gridrender binary.
    static func shell(_ script: String, in dir: String) throws -> CLI.Run {
        let binary = try #require(CLI.binary, "gridrender binary not built")
        return try CLI.run(["-c", prelude + "\n" + script], in: dir, environment: ["G": binary.path], executable: "/bin/sh")
    }

    /// The names in `dir` as raw bytes, sorted (FileManager would repair them).
    static func rawNames(_ dir: [UInt8]) -> [[UInt8]] {
        guard let d = opendir(dir.map { CChar(bitPattern: $0) } + [0]) else { return [] }
        defer { closedir(d) }
        var names: [[UInt8]] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func bytes(_ dir: String, _ parts: [UInt8]...) -> [UInt8] {
        Array(dir.utf8) + parts.flatMap { [0x2F] + $0 }
    }

    static func name(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let fe: [UInt8] = [0xFE], ff: [UInt8] = [0xFF], e9: [UInt8] = [0xE9], c3: [UInt8] = [0xC3]

    /// A folder `\xFE` holding a document `\xFF.json` that names a CSV data file and a theme file
    /// (`--theme \xFE/theme\xC3.json` extends another beside it), and `img\xFF.json` with a cell image; rendered with `-o` to `\xFE/\xE9.png`, and with
    /// `--theme` and `--font-dir` named in invalid bytes too.
    @Test func renderReadsAndWritesByteExactNames() throws {
        let dir = try CLI.scratch("non-utf8")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let dot = CLI.packageRoot.appendingPathComponent("Fixtures/fuzz/png/rgba8.png").path
        let run = try Self.shell(#"""
            mkdir "$F"
            printf 'name,n\nA,1\nB,2\n' > "$F/data.csv"
            cp '\#(dot)' "$F/dot.png"
            printf '{"extends": "dark"}' > "$F/base.json"
            printf '{"extends": "base.json", "background": "#102030"}' > "$F/theme$C.json"
            printf '{"columns": [{"key": "name"}, {"key": "n"}], "data": {"csv": "data.csv"}, "theme": "base.json"}' > "$F/$X.json"
            printf '{"data": {"rows": [["a", {"image": "dot.png"}]]}}' > "$F/img$X.json"
            mkdir "fonts$X"
            cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "fonts$X/"
            "$G" render "$F/$X.json" -o "$F/$E.png"
            "$G" render "$F/img$X.json" -o "$F/img$E.pdf"
            "$G" render "$F/$X.json" -o "$F/$E-theme.svg" --theme "$F/theme$C.json" --font-dir "fonts$X"
            """#, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let folder = Self.bytes(dir, Self.fe)
        let expected = [Self.name("base.json"), Self.name("data.csv"), Self.name("dot.png"), Self.ff + Self.name(".json"),
                        Self.name("img") + Self.ff + Self.name(".json"), Self.name("img") + Self.e9 + Self.name(".pdf"),
                        Self.name("theme") + Self.c3 + Self.name(".json"), Self.e9 + Self.name(".png"),
                        Self.e9 + Self.name("-theme.svg")].sorted { $0.lexicographicallyPrecedes($1) }
        // Exactly these names: no output under a repaired name (U+FFFD), no temporary file left.
        #expect(Self.rawNames(folder) == expected)
        let png = try #require(readRaw(Self.bytes(dir, Self.fe, Self.e9 + Self.name(".png"))))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// `--out-dir` in invalid bytes, with inputs named in invalid bytes: each output is named
    /// after its input's stem, byte for byte.
    @Test func batchRenderKeepsStemBytes() throws {
        let dir = try CLI.scratch("non-utf8-batch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Self.shell(#"""
            printf 'a,b\n1,2\n' > "$X.csv"
            printf '| a | b |\n| - | - |\n| 1 | 2 |\n' > "t$E.md"
            "$G" render "$X.csv" "t$E.md" --out-dir "out$F" --format svg --jobs 2
            """#, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.rawNames(Self.bytes(dir, Self.name("out") + Self.fe))
                == [Self.name("t") + Self.e9 + Self.name(".svg"), Self.ff + Self.name(".svg")])
        #expect(Self.rawNames(Array(dir.utf8)).count == 3)
    }

    /// A missing input named in invalid bytes: one error line naming it escaped (`\xFF`), never
    /// the raw byte or a U+FFFD.
    @Test func missingInputIsEchoedEscaped() throws {
        let dir = try CLI.scratch("non-utf8-missing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Self.shell(#""$G" render "no$X.json" -o "out$E.png""#, in: dir)
        CLI.expectOneErrorLine(run, containing: [#"no\xFF.json"#])
        #expect(!run.stderr.contains("\u{FFFD}"))
        #expect(Self.rawNames(Array(dir.utf8)).isEmpty)
    }

    /// `compare` on images and folders named in invalid bytes, with `--diff` and `--report`
    /// destinations in invalid bytes.
    @Test func compareImagesAndFolders() throws {
        let dir = try CLI.scratch("non-utf8-compare")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Self.shell(#"""
            printf 'a,b\n1,2\n' > one.csv
            printf 'a,b\n1,3\n' > two.csv
            mkdir "exp$F" "act$F"
            "$G" render one.csv -o "exp$F/$X.png"
            "$G" render two.csv -o "act$F/$X.png"
            "$G" render one.csv -o "exp$F/same$E.png"
            "$G" render one.csv -o "act$F/same$E.png"
            set +e
            "$G" compare "exp$F/$X.png" "act$F/$X.png" --diff "diff$E.png" > /dev/null
            echo "pair $?"
            "$G" compare "exp$F/same$E.png" "act$F/same$E.png" > /dev/null
            echo "same $?"
            "$G" compare "exp$F" "act$F" --report "report$C" > /dev/null
            echo "folders $?"
            "$G" compare "exp$F/$X.png" "act$F/missing$X.png"
            echo "missing $?"
            """#, in: dir)
        #expect(run.stdout.split(separator: "\n") == ["pair 1", "same 0", "folders 1", "missing 2"], "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains(#"missing\xFF.png"#), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{FFFD}"))
        let names = Self.rawNames(Array(dir.utf8))
        #expect(names.contains(Self.name("diff") + Self.e9 + Self.name(".png")))
        #expect(names.contains(Self.name("report") + Self.c3))
        let report = Self.bytes(dir, Self.name("report") + Self.c3)
        #expect(Self.rawNames(report).contains(Self.name("index.html")))
        // The changed image's copies keep its byte name, and the page links to them as %FF.
        let images = Self.rawNames(report + [0x2F] + Self.name("images"))
        #expect(images.contains(Self.ff + Self.name(".png.diff.png")), "\(images)")
        let html = try #require(readRaw(report + [0x2F] + Self.name("index.html")))
        #expect(String(decoding: html, as: UTF8.self).contains("images/%FF.png.diff.png"))
    }
}

/// The bytes of the file at the raw path, or nil.
private func readRaw(_ path: [UInt8]) -> [UInt8]? {
    guard let file = fopen(path.map { CChar(bitPattern: $0) } + [0], "rb") else { return nil }
    defer { fclose(file) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        out += buffer[0..<n]
    }
    return out
}
