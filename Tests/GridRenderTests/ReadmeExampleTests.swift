import GridRender
import Testing

/// The README's Swift example, compiled and run, so the README cannot drift from the API.
@Suite struct ReadmeExampleTests {
    @Test func readmeExampleRendersAPNG() throws {
        let table = Document(
            columns: [
                .init(key: "city", title: "City", width: .flexible(minimum: 80)),
                .init(key: "population", title: "Population", width: .auto(),
                      format: NumberFormatSpec(grouping: true)),
            ],
            rows: [["Oslo", 709_000], ["Bergen", 291_000], ["Trondheim", nil]],
            title: "Largest cities", theme: "striped"
        ).canvas(width: 320, scale: 2, padding: 12)
        let png = try table.pngData()
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        // 320 points wide at scale 2: the IHDR width field says 640 pixels.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 640)
    }
}
