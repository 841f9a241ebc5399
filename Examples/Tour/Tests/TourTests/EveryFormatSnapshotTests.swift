// docs/snapshots.md, "In your tests": every strategy of GridSnapshotTesting on one document.
import GridRender
import GridSnapshotTesting      // assertSnapshot for XCTest and Swift Testing
import Testing

@Test func citiesInEveryFormat() throws {
    let document = Document(header: ["City", "Population"], rows: [["Oslo", 709_000], ["Bergen", 291_000]])
    assertSnapshot(of: document, as: .png)                    // perceptual, the document's scale
    assertSnapshot(of: document, as: .png(.strict, scale: 2), named: "2x")
    assertSnapshot(of: document, as: .svg)                    // normalised SVG text
    assertSnapshot(of: document, as: .svgRasterized())        // rsvg-convert vs the PNG reference
    assertSnapshot(of: document, as: .pdfPage(1))             // pdftoppm at 72 dpi
}
