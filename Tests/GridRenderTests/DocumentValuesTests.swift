import Foundation
import GridRender
import Testing

@Suite struct DocumentValuesTests {
    @Test func literalsAndPresets() {
        var doc = Document(header: ["a"], rows: [[.swatch("#e11d48")]], theme: .ledger)
        doc.canvas.padding = 12
        doc.canvas.page = .letter
        doc.grid.rowSpacing = 2.5
        doc.styles.header = Style(background: "#102030", color: .white, font: .init(size: 11, weight: .bold), padding: 6)
        #expect(doc.canvas.padding == Document.Insets(top: 12, right: 12, bottom: 12, left: 12))
        #expect(doc.canvas.page == Document.Page(width: 612, height: 792))
        #expect(Document.Page.a4.landscape.width > Document.Page.a4.landscape.height)
        #expect(doc.grid.rowSpacing == Document.Spacing(2.5))
        #expect(doc.styles.header?.background == Style.Color(red: 16 / 255, green: 32 / 255, blue: 48 / 255))
        #expect(doc.styles.header?.font?.weight == 700)
        #expect(doc.styles.header?.padding?.left == 6)
        #expect(doc.theme == .named("ledger"))
        #expect(Style() == Style(background: nil))
        if case .swatch(let colour) = doc.data.flatMap({ if case .rows(let r) = $0 { r[0][0].value } else { nil } }) {
            #expect(colour == Style.Color(css: "#e11d48"))
        } else {
            Issue.record("the swatch literal")
        }
    }

    @Test func themeValuesAndNamesRenderAlike() throws {
        let rows: [[Document.Cell]] = [["x", 1], ["y", 2]]
        let byValue = try Document(header: ["a", "b"], rows: rows, theme: .dark).pngData()
        let byName = try Document(header: ["a", "b"], rows: rows, theme: "dark").pngData()
        let atRender = try Document(header: ["a", "b"], rows: rows).pngData(theme: .dark)
        #expect(byValue == byName && byName == atRender)
        let custom = Theme.dark.extended(with: Theme(name: "brand", background: "#ffeedd"))
        let customPNG = try Document(header: ["a", "b"], rows: rows, theme: custom).pngData()
        #expect(customPNG != byValue)
    }
}
