import CCairo
import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// `CairoOutputPatch`: every change gridrender makes to bytes Cairo wrote is listed in one place,
/// and the shape of Cairo's output each one relies on is still there on the Cairo in use. A probe
/// table holding everything the patches touch (glyphs, text clipped in its cell, links, one PNG
/// file shown in several cells, enough cells to paint SVG in layers) is rendered through the real
/// job; a failure names the patch and the shape it expected, so a Cairo upgrade that changes its
/// output fails here, not silently in users' files.
@Suite struct CairoOutputPatchesTests {
    /// Cells with links: every fifth data row's last column links somewhere.
    struct ProbeCells: CellSource {
        var contents: [[CellContent]]
        func content(row: Int, column: Int, item: Int?) -> CellContent {
            row < contents.count && column < contents[row].count ? contents[row][column] : .empty
        }
        func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
            var style = ResolvedStyle()
            if row == 0 { style.background = Color(hex: 0x384a66); style.color = .white }
            if column == 2 { style.ellipsize = .none }   // clipped in its narrow column
            return style
        }
        func link(row: Int, column: Int, item: Int?) -> String? {
            row > 0 && row % 5 == 0 && column == 3 ? "https://example.org/row/\(row)?a=1&b=2" : nil
        }
    }

    static let rows = 160
    static var linkCount: Int { (1..<rows).filter { $0 % 5 == 0 }.count }

    /// The probe in `dir`: 160 rows × 4 columns, an opaque RGB PNG file in the first two data rows.
    static func probe(in dir: URL) throws -> PreparedGrid {
        let png = PDFImagePassthroughTests.png(width: 12, height: 8, colorType: 2) { x, y, c in UInt8((x * 20 + y * 30 + c * 70) % 256) }
        try Data(png).write(to: dir.appendingPathComponent("probe.png"))
        var contents: [[CellContent]] = [[.text("Name"), .text("Amount"), .text("Narrow"), .text("Link")]]
        for r in 1..<rows {
            let first: CellContent = r <= 2 ? .image(path: "probe.png", fit: .contain) : .text("Row \(r)")
            contents.append([first, .text("\(r * 137 % 9973).\(r % 100)"), .text("much too long for this column"),
                             .text(r % 5 == 0 ? "see row \(r)" : "—")])
        }
        var spec = GridSpec(content: .table(.init(columnCount: 4, rows: contents.indices.map { $0 == 0 ? .header : .data })), scale: 1)
        spec.columnWidths = [.fixed(60), .auto(), .fixed(40), .auto()]
        spec.defaultRowHeight = .fixed(20)
        var grid = PreparedGrid(spec: spec, scale: 1, cells: ProbeCells(contents: contents))
        grid.baseDirectory = dir.path
        return grid
    }

    static func job(_ dir: URL, _ format: OutputFormat, threads: Int = 2) throws -> RenderJob {
        try RenderJob(probe(in: dir), options: RenderOptions(paintThreads: threads), format: format)
    }

    /// The probe's PDF through Cairo's route (the project's writer, which draws images itself
    /// since e6aa851, needs no patch) and the document filters that wrote it.
    static func pdf(_ dir: URL) throws -> (bytes: [UInt8], filters: [OutputFilter]) {
        let sink = OutputSink()
        let job = try job(dir, .pdf)
        job.ownsPDF = false
        try job.pdf(to: sink)
        return (sink.bytes, sink.finishedFilters)
    }

    static func matches(_ text: String, _ pattern: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// What is wrong with Cairo's output for `patch`, or nil when the shape it relies on is there.
    static func shapeProblem(_ patch: CairoOutputPatch, in dir: URL) throws -> String? {
        switch patch {
        case .svgImageTokens:
            let job = try job(dir, .svg)
            let tokened = String(decoding: try job.svgWithImageTokens(), as: UTF8.self)
            let hrefs = matches(tokened, #"xlink:href="(gridrender-image-[0-9a-f]+-[0-9]+)""#)
            guard !hrefs.isEmpty, tokened.components(separatedBy: "gridrender-image-").count - 1 == hrefs.count else {
                return "the placeholder's URI is not written whole as an image's xlink:href"
            }
            let sink = OutputSink()
            try job.writeJoinedSVG(to: sink)
            let written = String(decoding: sink.bytes, as: UTF8.self)
            let file = try Data(contentsOf: dir.appendingPathComponent("probe.png")).base64EncodedString()
            guard !written.contains("gridrender-image-") else { return "a token reached the output" }
            return written.contains("data:image/png;base64,\(file)") ? nil : "the file's data URI is not in the output"
        case .pdfImagePassthrough:
            guard PDFImagePassthrough.knowsCairosObjects else { return "Cairo \(cairoVersion()) is not the 1.16 whose image objects are known" }
            let pdf = String(decoding: try pdf(dir).bytes, as: UTF8.self)
            let swapped = pdf.components(separatedBy: "/Predictor 15").count - 1
            return swapped == 1 ? nil : "\(swapped) images embedded from the file's data, 1 expected"
        case .pdfResourceDuplicates:
            let (bytes, filters) = try pdf(dir)
            guard let filter = filters.compactMap({ $0 as? PDFResourceDuplicates }).first else { return "the filter is not on the PDF" }
            // Cairo lists the file shown twice twice: still the defect the filter is for.
            guard filter.blanked > 0 else { return "no repeated resource entry found (Cairo fixed it, or writes the line otherwise)" }
            let check = try PDFCrossReferenceRepairTests.qpdfCheck(bytes)
            return check.status == 0 && !check.output.uppercased().contains("WARNING") ? nil : "qpdf: \(check.output)"
        case .pdfCrossReferenceRepair:
            let (bytes, filters) = try pdf(dir)
            guard let filter = filters.compactMap({ $0 as? PDFCrossReferenceRepair }).first else { return "the filter is not on the PDF" }
            // Links and no other tags: Cairo 1.16 reserves objects it never writes.
            guard filter.repaired > 0 else { return "no table entry needed repair (Cairo fixed it, or writes the table otherwise)" }
            let check = try PDFCrossReferenceRepairTests.qpdfCheck(bytes)
            return check.status == 0 && !check.output.uppercased().contains("WARNING") ? nil : "qpdf: \(check.output)"
        case .pdfStructureAttributes:
            let (bytes, filters) = try pdf(dir)
            guard filters.contains(where: { $0 is PDFStructureAttributes }) else { return "the filter is not on the PDF" }
            let check = try PDFCrossReferenceRepairTests.qpdfCheck(bytes)
            guard check.status == 0, !check.output.uppercased().contains("WARNING") else { return "qpdf: \(check.output)" }
            let text = String(decoding: bytes, as: UTF8.self)
            let scopes = text.components(separatedBy: "/A << /O /Table /Scope /Column >>").count - 1
            guard scopes == 4 else { return "\(scopes) header scopes written, 4 header cells painted" }
            return text.components(separatedBy: "/MarkInfo << /Marked true >>").count == 2 && text.contains("/Lang <FEFF0065006E>")
                ? nil : "the catalogue does not have /MarkInfo once and /Lang"
        }
    }

    static func cairoVersion() -> String { String(cString: cairo_version_string()) }

    @Test(arguments: CairoOutputPatch.allCases)
    func cairoStillWritesTheShapeThePatchReliesOn(_ patch: CairoOutputPatch) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let problem = try Self.shapeProblem(patch, in: dir)
        #expect(problem == nil, """
            \(patch.patcher) (\(patch.format)) relies on Cairo's output having this shape: \(patch.reliesOn). \
            With Cairo \(Self.cairoVersion()) it does not: \(problem ?? ""). Otherwise \(patch.otherwise).
            """)
    }

    /// Every output filter and every type that reads Cairo's SVG or PDF bytes is in the list.
    @Test func everyPatchIsListed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/GridDrawing")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var filters: Set<String> = []
        for file in files {
            let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            filters.formUnion(Self.matches(source, #"(?:final )?class ([A-Za-z]+): OutputFilter"#))
        }
        let listed = Set(CairoOutputPatch.allCases.map(\.patcher))
        #expect(!filters.isEmpty)
        #expect(filters.subtracting(listed).isEmpty, "output filters not in CairoOutputPatch: \(filters.subtracting(listed).sorted())")
        for name in listed {
            #expect(files.contains { $0.hasSuffix("/\(name).swift") }, "\(name) is listed but has no file")
        }
    }

}

extension CairoOutputPatch: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}
