@testable import GridDocument
import GridLayout
import Testing

@Suite struct StyleMemberwiseTests {
    @Test func everyArgumentOptional() {
        var set = Style()
        set.background = .white; set.color = .black; set.padding = Insets(all: 6); set.wrap = true
        #expect(Style(background: .white, color: .black, padding: 6, wrap: true) == set)
        #expect(Style(background: nil) == Style())
    }

    @Test func namedWeightsAndPages() {
        #expect(FontSpec(size: 11, weight: .bold) == FontSpec(size: 11, weight: 700))
        #expect(FontSpec.Weight.regular.rawValue == 400)
        #expect(PreparedGrid.Page.a4 == PreparedGrid.Page(width: 595.28, height: 841.89))
        #expect(PreparedGrid.Page.letter.landscape == PreparedGrid.Page(width: 792, height: 612))
    }

    @Test func pagePresetsMatchTheFormat() throws {
        let doc = try Document.decode(json: Array(#"{"canvas": {"page": "a4"}, "data": {"rows": [[1]]}}"#.utf8))
        #expect(doc.canvas.page == .a4)
    }
}
