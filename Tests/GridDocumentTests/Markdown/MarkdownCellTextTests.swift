import Testing
@testable import GridDocument

/// `MarkdownCellText`, `MarkdownFootnotes`, `MarkdownCellTable`: `<br>` in a Markdown cell is a line
/// break and `[^label]` a footnote mark, as GitHub shows them; inside code spans, after a
/// backslash and for undefined labels the text stays as typed.
@Suite struct MarkdownCellTextTests {
    static let breaks = ["<br>", "<br/>", "<br />", "<BR>", "<Br  />", "<bR/>"]

    /// Every spelling of the tag, at the start, middle and end of a cell, with and without
    /// spaces around it: a line break, the spaces beside it gone.
    @Test(arguments: breaks)
    func lineBreakTags(tag: String) {
        for (cell, expected) in [("a\(tag)b", "a\nb"), ("a \(tag) b", "a\nb"), ("\(tag)b", "\nb"), ("a\(tag)", "a\n"),
                                 ("a\(tag)\(tag)b", "a\n\nb"), ("**a**\(tag)_b_", "**a**\n_b_")] {
            #expect(MarkdownCellText(cell, isDefined: { _ in true }).text == expected, "\(cell)")
        }
    }

    /// Code spans of one and two backticks keep the tag; so does a backslash before it; tags
    /// that are not a line break (`<b>`, `<brx>`, `<br`) stay.
    @Test func literalWhereMarkdownIsLiteral() {
        for cell in ["`a<br>b`", "``a<br>` b``", "\\<br>", "<b>x</b>", "<brx>", "a <br", "<br/ >", "``"] {
            #expect(MarkdownCellText(cell, isDefined: { _ in true }).text == cell, "\(cell)")
        }
        // An unclosed code span is literal backticks: what follows is read.
        #expect(MarkdownCellText("`a<br>b", isDefined: { _ in true }).text == "`a\nb")
    }

    /// Generated: every combination of up to three pieces (text, a break, a reference, a code
    /// span holding both) gives the text with breaks and defined references taken out, and the
    /// labels in order.
    @Test func generatedCells() {
        let pieces: [(source: String, text: String, labels: [String])] = [
            ("word", "word", []), ("<br>", "\n", []), ("[^a]", "", ["a"]), ("[^Zed_2]", "", ["Zed_2"]),
            ("[^missing]", "[^missing]", []), ("`x<br>[^a]`", "`x<br>[^a]`", []), ("\\[^a]", "\\[^a]", []),
            ("é", "é", []),
        ]
        let defined: Set<String> = ["a", "zed_2"]
        var count = 0
        for a in pieces { for b in pieces { for c in pieces {
            let cell = MarkdownCellText(a.source + b.source + c.source, isDefined: { defined.contains($0.lowercased()) })
            #expect(cell.text == a.text + b.text + c.text, "\(a.source + b.source + c.source)")
            #expect(cell.references == a.labels + b.labels + c.labels)
            count += 1
        } } }
        #expect(count == 512)
    }

    @Test func definitions() {
        let lines = MarkdownTable.lines(of: """
            [^one]: First note.
               [^Two]:   Second,
                continued here
            \tand here.
            Ends the note.
                [^four]: indented four: code, not a definition
            [^one]: a second definition is ignored
            [^ bad]: not a label
            [^three]:
            text
            """)
        let notes = MarkdownFootnotes(lines: lines)
        #expect(notes.text(of: "ONE") == "First note.")
        #expect(notes.text(of: "two") == "Second, continued here and here.")
        #expect(notes.text(of: "three") == "")
        #expect(notes.text(of: "four") == nil && notes.text(of: " bad") == nil)
    }

    /// A file's footnotes: numbered in order of first reference (header first, then rows), the
    /// header's on its column, the body's on their cells, one per place however often repeated.
    @Test func documentFootnotes() throws {
        let text = """
            | Name[^b] | Value |
            |---|--:|
            | x[^a] | 1[^b] |
            | y | 2[^a][^a] |
            | z[^nope] | 3 |

            [^a]: Note A.
            [^b]: Note B.
            [^c]: Never used.
            """
        let d = try Document.decode(markdown: text)
        #expect(d.columns?.map(\.key) == ["Name", "Value"])
        #expect(d.footnotes == [
            Document.Footnote(text: "Note B.", columns: ["Name"], cells: [.init(row: 0, column: "Value")]),
            Document.Footnote(text: "Note A.", cells: [.init(row: 0, column: "Name"), .init(row: 1, column: "Value")]),
        ])
        guard case .rows(let rows) = d.data else { Issue.record("rows"); return }
        #expect(rows == [["x", "1"], ["y", "2"], ["z[^nope]", "3"]].map { $0.map { Document.Cell(.text($0)) } })
    }
}
