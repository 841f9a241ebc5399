import Testing
@testable import GridDocument

/// `--table N|HEADING`: any table of a Markdown file, by number or by the heading above it.
@Suite struct MarkdownTableChoiceTests {
    static let text = """
        # Release notes

        | a |
        |---|
        | 1 |

        ## Results ##

        ```
        | fenced | table |
        |---|---|
        ```

        | b | c |
        |---|---|
        | 2 | 3 |
        | 4 | 5 |
        ### Costs
        | d |
        |--:|
        | 6 |
        """

    @Test func byNumberAndByHeading() throws {
        let tables = MarkdownTable.all(in: Self.text)
        #expect(tables.map { $0.table.header } == [["a"], ["b", "c"], ["d"]])
        #expect(tables.map { $0.heading } == ["Release notes", "Results", "Costs"])
        for (choice, header) in [("1", ["a"]), ("2", ["b", "c"]), ("3", ["d"]), ("results", ["b", "c"]), (" Costs ", ["d"]),
                                 ("Release Notes", ["a"])] {
            let d = try Document.decode(markdown: Self.text, file: "t.md", table: MarkdownTableChoice(choice))
            #expect(d.columns?.map(\.key) == header, "\(choice)")
        }
        #expect(try Document.decode(markdown: Self.text).columns?.map(\.key) == ["a"])
    }

    @Test(arguments: ["4", "Nowhere", "0"])
    func missingTablesNameWhatThereIs(choice: String) {
        do {
            _ = try Document.decode(markdown: Self.text, file: "t.md", table: MarkdownTableChoice(choice))
            Issue.record("\(choice) was found")
        } catch {
            #expect("\(error)".contains("t.md") && "\(error)".contains("--table") && "\(error)".contains("2 (\"Results\")"), "\(error)")
        }
    }
}
