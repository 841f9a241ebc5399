import Foundation
import Testing
@testable import GridDocument

/// `GridAccessibility` (what a prepared grid tells assistive technology) and
/// `CellContent.accessibleLabel`: the name and description an accessible SVG gets, the title
/// as shown, the stub, the text alternative made once and only when asked for.
@Suite struct GridAccessibilityTests {
    @Test func nameIsTheTitleElseTheAlternativeElseTable() throws {
        #expect(GridAccessibility().name == "Table" && GridAccessibility().description == nil)
        let untitled = try json(#"{"data": {"rows": [["a", "n"], ["x", 1], ["y", 3]]}}"#)
        let generated = "Table. 2 rows, 2 columns: a, n. n from 1 to 3."
        #expect(untitled.accessibility.name == generated)
        #expect(untitled.accessibility.description == nil)   // said once, not twice
        let titled = try json(#"{"title": "Counts", "data": {"rows": [["a", "n"], ["x", 1], ["y", 3]]}}"#)
        #expect(titled.accessibility.name == "Counts")
        #expect(titled.accessibility.description == "Table: Counts. 2 rows, 2 columns: a, n. n from 1 to 3.")
        // An author's alt is the description; without a title it is the name, and the
        // generated summary describes.
        let alt = try json(#"{"alt": "Two counts.", "data": {"rows": [["a", "n"], ["x", 1], ["y", 3]]}}"#)
        #expect(alt.accessibility.name == "Two counts." && alt.accessibility.description == generated)
        let both = try json(#"{"title": "Counts", "alt": "Two counts.", "data": {"rows": [["a", "n"], ["x", 1]]}}"#)
        #expect(both.accessibility.name == "Counts" && both.accessibility.description == "Two counts.")
    }

    /// The prepared grid carries it; the stub is a table's row labels, never an item grid's.
    @Test func preparedGridCarriesTitleAndStub() throws {
        let stub = try json(#"{"title": "  **Sales**  ", "styles": {"title": {"markup": "markdown"}}, "stub": "a", "data": {"rows": [["a", "n"], ["x", 1]]}}"#).prepare()
        #expect(stub.accessibility.title == "Sales" && stub.accessibility.hasStub)
        let plain = try json(#"{"title": "**Sales**", "data": {"rows": [["a", "n"], ["x", 1]]}}"#).prepare()
        #expect(plain.accessibility.title == "**Sales**" && !plain.accessibility.hasStub)
        let items = try json(#"{"items": ["a", "b"]}"#).prepare()
        #expect(items.accessibility.title == nil && !items.accessibility.hasStub)
        #expect(items.accessibility.name == "Grid of 2 items.")
    }

    /// Made once, on first use: a data file removed after `prepare` leaves the text made
    /// before; one removed before the first use leaves none (the picture is named "Table").
    @Test func alternativeIsMadeOnceWhenAskedFor() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("alt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("d.csv")
        try "k,v\na,1\nb,2\n".write(to: csv, atomically: true, encoding: .utf8)
        let doc = dir.appendingPathComponent("d.json")
        try #"{"data": {"csv": "d.csv"}}"#.write(to: doc, atomically: true, encoding: .utf8)
        let first = try Document.load(path: doc.path).prepare(), second = try Document.load(path: doc.path).prepare()
        #expect(first.accessibility.alternative.text == "Table. 2 rows, 2 columns: k, v. v from 1 to 2.")
        try FileManager.default.removeItem(at: csv)
        #expect(first.accessibility.alternative.text == "Table. 2 rows, 2 columns: k, v. v from 1 to 2.")
        #expect(second.accessibility.alternative.text == nil && second.accessibility.name == "Table")
    }

    @Test func labelsAreTheShownCharacters() {
        #expect(CellContent.empty.accessibleLabel(markup: .markdown) == "")
        #expect(CellContent.text("**5** [docs](https://e.com/a_(b)) `x`").accessibleLabel(markup: .markdown) == "5 docs x")
        #expect(CellContent.text("**5**").accessibleLabel(markup: .none) == "**5**")
        #expect(CellContent.image(path: "img/logo.small.png", fit: .contain).accessibleLabel(markup: .none) == "image logo.small")
        #expect(CellContent.image(path: ".png", fit: .contain).accessibleLabel(markup: .none) == "image .png")
        #expect(CellContent.swatch(Color(red: 1, green: 0.5, blue: 0)).accessibleLabel(markup: .none) == "colour #ff8000")
        #expect(CellContent.swatch(Color(red: 0, green: 0, blue: 0, alpha: 0.5)).accessibleLabel(markup: .none) == "colour #00000080")
    }
}
