import Foundation
import Testing

/// Issue 27's "done when": a CSV-only user reaches a paginated A4 PDF with formatted numbers and
/// renamed columns without writing a document (`--page`, `--format KEY=SPEC`, `--rename`), and
/// a PDF too tall for readers is paginated to A4 by itself.
@Suite struct DocumentFreeCommandTests {
    /// `rows` rows: `item N`, a price `N × 1000 + 0.5`, a quantity N.
    static func salesCSV(rows: Int) -> String {
        "item,price,qty\n" + (1...rows).map { "item \($0),\(Double($0) * 1000 + 0.5),\($0)" }.joined(separator: "\n") + "\n"
    }

    static func tool(_ name: String, _ arguments: [String], in dir: String) throws -> String {
        let run = try CLI.run(arguments, in: dir, executable: "/usr/bin/" + name)
        #expect(run.status == 0, "\(name): \(run.stderr)")
        return run.stdout
    }

    @Test func csvToPaginatedA4PDFWithFormattedNumbersAndTitles() throws {
        let dir = try CLI.scratch("document-free")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.salesCSV(rows: 300).write(toFile: dir + "/sales.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "sales.csv", "-o", "sales.pdf", "--page", "a4",
                               "--format", "price=decimals:2,grouping,prefix:$", "--rename", "price=Unit price", "--rename", "qty=Quantity"], in: dir)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let info = try Self.tool("pdfinfo", ["sales.pdf"], in: dir)
        let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        #expect(pages > 1, "\(info)")
        #expect(info.contains("Page size:       595.28 x 841.89 pts (A4)"), "\(info)")
        let text = try Self.tool("pdftotext", ["-layout", "sales.pdf", "-"], in: dir)
        for expected in ["Unit price", "Quantity", "$1,000.50", "$123,000.50", "$300,000.50"] {
            #expect(text.contains(expected), "\(expected) not in the PDF text")
        }
        // The raw numbers and the old titles are gone; the titles repeat on every page.
        #expect(!text.contains("123000.5") && !text.contains("qty"))
        #expect(text.components(separatedBy: "Quantity").count - 1 == pages)
    }

    @Test func aPDFTallerThanReadersShowIsPaginatedToA4UnlessASizeIsSet() throws {
        let dir = try CLI.scratch("pdf-limit")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.salesCSV(rows: 1_000).write(toFile: dir + "/sales.csv", atomically: true, encoding: .utf8)
        let auto = try CLI.run(["render", "sales.csv", "-o", "auto.pdf"], in: dir)
        #expect(auto.status == 0)
        #expect(auto.errorLines.count == 1 && auto.stderr.hasPrefix("warning: the PDF page would be ")
                && auto.stderr.contains("paginated to A4"), "\(auto.stderr)")
        let info = try Self.tool("pdfinfo", ["auto.pdf"], in: dir)
        #expect(info.contains("(A4)") && !info.contains("Pages:           1\n"), "\(info)")
        // A size the user chose is kept: --page letter, or a canvas width (one tall page).
        let letter = try CLI.run(["render", "sales.csv", "-o", "letter.pdf", "--page", "letter,landscape"], in: dir)
        #expect(letter.status == 0 && letter.stderr.isEmpty)
        #expect(try Self.tool("pdfinfo", ["letter.pdf"], in: dir).contains("792 x 612 pts"))
        let wide = try CLI.run(["render", "sales.csv", "-o", "wide.pdf", "--width", "400"], in: dir)
        #expect(wide.status == 0 && wide.stderr.isEmpty, "\(wide.stderr)")
        #expect(try Self.tool("pdfinfo", ["wide.pdf"], in: dir).contains("Pages:           1\n"))
    }

    @Test func wrapAndMaxColumnWidth() throws {
        let dir = try CLI.scratch("wrap")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a,b\n\"a long text that takes several lines at 80 pt\",1\n".write(toFile: dir + "/w.csv", atomically: true, encoding: .utf8)
        func layout(_ extra: [String]) throws -> (width: Double, height: Double) {
            let run = try CLI.run(["layout", "w.csv"] + extra, in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
            let columns = json["columns"] as? [[String: Any]] ?? []
            let size = json["size"] as? [String: Any] ?? [:]
            return (columns.first?["width"] as? Double ?? -1, size["height"] as? Double ?? -1)
        }
        let natural = try layout([]), capped = try layout(["--max-column-width", "80"]), wrapped = try layout(["--max-column-width", "80", "--wrap"])
        #expect(natural.width > 80 && capped.width == 80 && wrapped.width == 80)
        #expect(capped.height == natural.height && wrapped.height > natural.height + 24, "\(natural) \(capped) \(wrapped)")
    }

    /// Every new option's bad values: one error line naming the option, exit 2, nothing written.
    @Test(arguments: [
        (["--page", "a5"], "--page: unknown page size \"a5\""),
        (["--page", "a4,sideways"], "--page: expected landscape or portrait"),
        (["--page", "20x20"], "--page: the page width"),
        (["--format", "price"], "--format: expected png, svg, pdf or KEY=SPEC"),
        (["--format", "price=decimals:x"], "--format price.decimals: expected a number"),
        (["--format", "price=decimals:2,groupin"], "did you mean `grouping`?"),
        (["--format", "prce=decimals:2"], "--format: no column \"prce\"; did you mean \"price\"?"),
        (["--rename", "price"], "--rename: expected KEY=TITLE"),
        (["--rename", "prce=Price"], "--rename: no column \"prce\""),
        (["--max-column-width", "0"], "--max-column-width: expected a length > 0"),
        (["--max-column-width", "-5"], "--max-column-width: expected a length > 0"),
        (["--max-column-width", "wide"], "--max-column-width"),
        (["--png-compression", "10"], "--png-compression must be a deflate level from 0 to 9"),
        (["--png-compression", "-1"], "--png-compression must be a deflate level from 0 to 9"),
        (["--format", "svg"], "--format png|svg|pdf goes with --out-dir or -o -"),
    ])
    func badValuesNameTheOption(arguments: [String], fragment: String) throws {
        let dir = try CLI.scratch("document-free-bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.salesCSV(rows: 3).write(toFile: dir + "/sales.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "sales.csv", "-o", "t.png"] + arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: [fragment])
        #expect(CLI.listing(dir) == ["sales.csv"])
    }

    @Test func pngCompressionChangesTheBytesNotThePixels() throws {
        let dir = try CLI.scratch("png-compression")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.salesCSV(rows: 40).write(toFile: dir + "/sales.csv", atomically: true, encoding: .utf8)
        var sizes: [Int] = []
        for level in [0, 2, 9] {
            let run = try CLI.run(["render", "sales.csv", "-o", "l\(level).png", "--png-compression", "\(level)"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            sizes.append(try Data(contentsOf: URL(fileURLWithPath: dir + "/l\(level).png")).count)
        }
        #expect(sizes[0] > sizes[1] && sizes[1] > sizes[2], "\(sizes)")
        // The default level is 2: the same bytes as no option.
        _ = try CLI.run(["render", "sales.csv", "-o", "default.png"], in: dir)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/default.png")) == Data(contentsOf: URL(fileURLWithPath: dir + "/l2.png")))
        for other in ["l2.png", "l9.png"] {
            let same = try CLI.run(["compare", "l0.png", other], in: dir)
            #expect(same.status == 0, "l0.png vs \(other): \(same.stdout) \(same.stderr)")
        }
    }
}
