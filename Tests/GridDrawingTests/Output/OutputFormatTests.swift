import Testing
@testable import GridDrawing

@Suite struct OutputFormatTests {
    @Test func formatComesFromTheExtension() {
        #expect(OutputFormat(path: "out/table.png") == .png)
        #expect(OutputFormat(path: "table.SVG") == .svg)
        #expect(OutputFormat(path: "/tmp/a.b/table.pdf") == .pdf)
        #expect(OutputFormat(path: "table.jpg") == nil)
        #expect(OutputFormat(path: "/tmp/a.png/table") == nil)
        #expect(OutputFormat(path: ".png") == nil)
        #expect(OutputFormat(pathExtension: ".pdf") == .pdf)
    }
}
