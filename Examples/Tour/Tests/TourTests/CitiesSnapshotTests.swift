import GridRender
import GridSnapshotTesting      // assertSnapshot for Swift Testing and XCTest
import Testing

@Test func citiesTable() throws {
    let document = Document(header: ["City", "Population"],
                            rows: [["Oslo", 709_000], ["Bergen", 291_000]], theme: .striped)
    assertSnapshot(of: document, as: .png)                    // perceptual, at the document's scale
    assertSnapshot(of: document, as: .png(.strict, scale: 2), named: "2x")
    assertSnapshot(of: document, as: .svg)                    // normalised SVG text
    assertSnapshot(of: try document.pngData(), as: .png)      // any PNG bytes
}
