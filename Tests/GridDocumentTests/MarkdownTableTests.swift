import Testing
@testable import GridDocument

@Suite struct MarkdownTableTests {
    @Test func firstPipeTableWithAlignments() throws {
        let text = """
        # Cities

        Some text | with a pipe but no delimiter row.

        | City | Country | Population |
        |:-----|:-------:|-----------:|
        | Oslo | Norway  | 709,000    |
        | Bergen \\| West | Norway | 291000 |

        | other | table |
        |---|---|
        | x | y |
        """
        let table = try #require(MarkdownTable.first(in: text))
        #expect(table.header == ["City", "Country", "Population"])
        #expect(table.alignments == [.left, .center, .right])
        #expect(table.rows == [["Oslo", "Norway", "709,000"], ["Bergen | West", "Norway", "291000"]])
        #expect(table.line == 5)
    }

    @Test func outerPipesOptionalRaggedRowsAndDefaultAlignment() throws {
        let text = "a | b | c\n--- | --- | ---\n1 | 2\n4 | 5 | 6 | 7\n\nafter"
        let table = try #require(MarkdownTable.first(in: text))
        #expect(table.alignments == [nil, nil, nil])
        #expect(table.rows == [["1", "2", ""], ["4", "5", "6"]])
    }

    @Test func tablesInCodeFencesAreSkipped() throws {
        let text = "```\n| a | b |\n|---|---|\n| 1 | 2 |\n```\n\n| c |\n|---|\n| 3 |\n"
        let table = try #require(MarkdownTable.first(in: text))
        #expect(table.header == ["c"])
        #expect(table.rows == [["3"]])
    }

    @Test func noTable() {
        #expect(MarkdownTable.first(in: "just | text\nand more") == nil)
        #expect(MarkdownTable.first(in: "| a | b |\n|---|\n| 1 | 2 |") == nil)  // delimiter width differs
        let error = documentError { () throws(DocumentError) in try Document.decode(markdown: "no table", file: "x.md") }
        #expect(error?.description.hasPrefix("x.md: no Markdown pipe table found") == true)
    }

    @Test func documentFromMarkdownPreparesAsATable() throws {
        let text = "| Name | Score | |\n|:--|--|--|\n| Ann | 12 | x |\n| Bob | 7.5 | |\n"
        let d = try Document.decode(markdown: text, file: "s.md")
        #expect(d.columns?.map(\.key) == ["Name", "Score", "3"])
        #expect(d.columns?.map(\.align) == [.left, nil, nil])
        let grid = try d.prepare()
        // Header + 2 rows; the numeric Score column is right-aligned by inference.
        #expect(grid.cells.content(row: 0, column: 1, item: nil) == .text("Score"))
        #expect(grid.cells.content(row: 2, column: 1, item: nil) == .text("7.5"))
        #expect(grid.cells.style(row: 1, column: 1, item: nil).align == .right)
        #expect(grid.cells.style(row: 1, column: 0, item: nil).align == .left)
    }

    @Test func loadByExtension() throws {
        let d = try Document.load(path: Fixture.path("markdown/scores.md"))
        #expect(d.columns?.map(\.key) == ["Player", "Team", "Points"])
        guard case .rows(let rows)? = d.data else { Issue.record("no rows"); return }
        #expect(rows.count == 4)
    }
}
