import Foundation
import Testing

/// `render --appearance light,dark`: a pair of files and the `<picture>` snippet.
@Suite struct AppearancePairTests {
    static let csv = "name,score\nAda,91\nGrace,88\nLinus,75\n"

    @Test func lightDarkWritesAPairAndPrintsThePictureSnippet() throws {
        let dir = try CLI.scratch("appearance-pair")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.csv.write(toFile: dir + "/people.csv", atomically: true, encoding: .utf8)
        // At 2x: the snippet gives the 1x size (half the PNG's pixels, from its pHYs) and alt text
        // made from the data.
        let run = try CLI.run(["render", "people.csv", "-o", "table.png", "--appearance", "light,dark", "--scale", "2"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(CLI.listing(dir) == ["people.csv", "table-dark.png", "table-light.png"])
        let (pixelWidth, pixelHeight) = try PreviewOptionsCommandTests.size(dir + "/table-light.png")
        #expect(pixelWidth % 2 == 0 && pixelHeight % 2 == 0)
        #expect(run.stdout == """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="table-dark.png">
              <img alt="Table. 3 rows, 2 columns: name, score. score from 75 to 91." src="table-light.png" width="\(pixelWidth / 2)" height="\(pixelHeight / 2)">
            </picture>

            """)
        let light = try Data(contentsOf: URL(fileURLWithPath: dir + "/table-light.png"))
        let dark = try Data(contentsOf: URL(fileURLWithPath: dir + "/table-dark.png"))
        #expect(light != dark)
        // One appearance renders one file, as the document would with `appearance`.
        let single = try CLI.run(["render", "people.csv", "-o", "one.png", "--appearance", "dark", "--scale", "2"], in: dir)
        #expect(single.status == 0 && single.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/one.png")) == dark)
    }

    /// A paginated pair is written as pages (`table-light-1.png`, …): the snippet names the
    /// first page of each, files that exist, not the unwritten `table-light.png`.
    @Test(arguments: ["png", "svg"])
    func paginatedPairNamesItsFirstPages(format: String) throws {
        let dir = try CLI.scratch("appearance-pages")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rows = (1...60).map { "[\"row \($0)\", \($0)]" }.joined(separator: ", ")
        let document = """
            {"canvas": {"page": {"width": 300, "height": 200}}, "alt": "A long table",
             "columns": [{"key": "a", "title": "A"}, {"key": "b", "title": "B"}],
             "data": {"rows": [\(rows)]}}
            """
        try document.write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "long.json", "-o", "table.\(format)", "--appearance", "light,dark"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let files = CLI.listing(dir)
        #expect(files.contains("table-light-2.\(format)") && !files.contains("table-light.\(format)"))
        // A page is 300×200 points, whatever the format; the document's alt text names it.
        #expect(run.stdout == """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="table-dark-1.\(format)">
              <img alt="A long table" src="table-light-1.\(format)" width="300" height="200">
            </picture>

            """)
    }

    @Test(arguments: [
        (["--appearance", "dim"], "--appearance: expected light, dark or light,dark, found \"dim\""),
        (["--appearance", "dark,dark"], "--appearance names light and dark once each"),
    ])
    func badValuesExitTwo(arguments: [String], fragment: String) throws {
        let dir = try CLI.scratch("appearance-bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.csv.write(toFile: dir + "/people.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "people.csv", "-o", "t.png"] + arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: [fragment])
        #expect(CLI.listing(dir) == ["people.csv"])
    }
}
