import Foundation
import Testing
import GridLayout
@testable import GridDocument

/// Footnote marks at scale (issue 25 item 7): each note gets its mark once per place in
/// reading order however many notes share the place, notes repeated on one place are marked
/// once, and the marks are checked against the cell budget (placing them is linear: a set
/// per place, not an array search).
@Suite struct FootnoteMarksScaleTests {
    static func document(notes: Int, repeats: Int, marks: String) -> String {
        // Every note names the title and the same body cell `repeats` times.
        let cells = Array(repeating: #"{"row": 0, "column": "a"}"#, count: repeats).joined(separator: ",")
        let list = (0..<notes).map { #"{"text": "n\#($0)", "title": true, "cells": [\#(cells)]}"# }.joined(separator: ",")
        return #"{"title": "T", "columns": [{"key": "a"}], "data": {"rows": [["x"]]}, "footnoteMarks": "\#(marks)", "footnotes": [\#(list)]}"#
    }

    @Test(arguments: [(1, 1), (30, 3), (3_000, 2)], ["numbers", "letters"])
    func everyNoteOncePerPlaceInOrder(_ shape: (notes: Int, repeats: Int), marks: String) throws {
        let grid = try json(Self.document(notes: shape.notes, repeats: shape.repeats, marks: marks)).prepare()
        let style: Document.FootnoteMarks = marks == "numbers" ? .numbers : .letters
        let expected = style.marks(Array(1...shape.notes))
        #expect(grid.title?.text == "T" + expected)
        guard case .text(let cell) = grid.cells.content(row: 1, column: 0, item: nil) else {
            Issue.record("no text in the marked cell"); return
        }
        #expect(cell == "x" + expected)
    }

    /// Symbols stop at 24 notes; the 25th is one error naming footnoteMarks.
    @Test func symbolsPastTheirLastMarkAreRefused() throws {
        #expect(try json(Self.document(notes: 24, repeats: 1, marks: "symbols")).prepare().title?.text.hasSuffix("¶¶¶¶") == true)
        let error = documentError { () throws(DocumentError) in try json(Self.document(notes: 25, repeats: 1, marks: "symbols")).prepare() }
        #expect(error?.description.contains("\"symbols\" marks at most 24 notes") == true, "\(String(describing: error))")
    }
}
