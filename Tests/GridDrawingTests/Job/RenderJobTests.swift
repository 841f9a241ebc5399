import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Output-level behaviour: PNG colour types, banding and tiling, limits, determinism, SVG and PDF.
@Suite struct RenderJobTests {
    static func pngHeader(_ bytes: [UInt8]) -> (width: Int, height: Int) {
        func be(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    @Test func opaqueBackgroundWritesRGBAndTransparentWritesRGBA() throws {
        let opaque = GridRendererTests.sample()
        #expect(pngColorType(try GridRenderer.render(opaque, format: .png)) == 2)
        var clear = GridRendererTests.sample()
        clear.background = .transparent
        let bytes = try GridRenderer.render(clear, format: .png)
        #expect(pngColorType(bytes) == 6)
        let image = try PNGImage(decoding: bytes)
        #expect(image[2, 2].a == 0)
        #expect(image[image.width - 3, image.height - 3].a == 0)
        // The header row is opaque.
        #expect((0..<image.width).contains { image[$0, image.height / 2].a == 255 })
    }

    @Test func sameInputGivesIdenticalBytes() throws {
        for format in OutputFormat.allCases {
            let a = try GridRenderer.render(GridRendererTests.sample(scale: 2), format: format)
            let b = try GridRenderer.render(GridRendererTests.sample(scale: 2), format: format)
            #expect(a == b, "\(format)")
            #expect(!a.isEmpty)
        }
    }

    @Test func hundredThousandRowsRenderBeyondCairosLimit() throws {
        let count = 100_000
        struct Numbers: CellSource {
            func content(row: Int, column: Int, item: Int?) -> CellContent { column == 0 ? .text(String(row)) : .empty }
            func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
                var style = ResolvedStyle()
                style.font.size = 4
                style.padding = Insets(top: 0, right: 1, bottom: 0, left: 1)
                style.background = row % 2 == 0 ? .white : Color(hex: 0xdde4ee)
                return style
            }
        }
        var spec = GridSpec(content: .table(.init(columnCount: 2, rows: Array(repeating: .data, count: count))))
        spec.columnWidths = [.fixed(24), .fixed(8)]
        spec.defaultRowHeight = .fixed(6)
        let grid = PreparedGrid(spec: spec, cells: Numbers())
        let clock = ContinuousClock()
        var bytes: [UInt8] = []
        let elapsed = try clock.measure { bytes = try GridRenderer.render(grid, format: .png) }
        print("100k rows, 32×600000 px PNG: \(elapsed), \(bytes.count) bytes")
        let (width, height) = Self.pngHeader(bytes)
        #expect(width == 32 && height == 600_000)
        let image = try PNGImage(decoding: bytes)
        // Stripes continue past every band boundary, down to the last row.
        for row in [0, 1, 341, 342, 5461, 99_998, 99_999] {
            let expected = row % 2 == 0 ? PNGImage.Pixel(255, 255, 255) : PNGImage.Pixel(0xdd, 0xe4, 0xee)
            #expect(image[30, row * 6 + 3] == expected, "row \(row)")
        }
        // The last row's number is drawn.
        #expect((0..<24).contains { x in (599_994..<600_000).contains { image[x, $0].r < 128 } })
    }

    @Test func imagesWiderThanCairosLimitAreTiled() throws {
        let grid = makeTable([[.empty, .empty, .empty]], columnWidths: [.fixed(20_000), .fixed(12_767), .fixed(7_233)],
                             rowHeight: 4, header: false, styler: { _, column in
            var style = ResolvedStyle()
            style.background = [Color(hex: 0xff0000), Color(hex: 0x00ff00), Color(hex: 0x0000ff)][column]
            return style
        })
        let image = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
        #expect(image.width == 40_000 && image.height == 4)
        #expect(image[19_999, 2] == PNGImage.Pixel(255, 0, 0))
        #expect(image[20_000, 2] == PNGImage.Pixel(0, 255, 0))
        #expect(image[32_766, 2] == PNGImage.Pixel(0, 255, 0))
        #expect(image[32_767, 2] == PNGImage.Pixel(0, 0, 255))
        #expect(image[39_999, 3] == PNGImage.Pixel(0, 0, 255))
    }

    @Test func oversizedCanvasIsRefusedBeforeAllocating() throws {
        // Over PNG's 2^31 − 1 px per side (3 × 10^9 px tall), within the 4 × 10^9 px budget.
        let tooTall = makeTable([[.empty], [.empty], [.empty]], columnWidths: [.fixed(1)], rowHeight: 1_000_000_000, header: false)
        #expect(throws: RenderError.self) { try GridRenderer.render(tooTall, format: .png) }
        let tall = makeTable([[.empty], [.empty]], columnWidths: [.fixed(10)], rowHeight: 600_000, header: false)
        let huge = makeTable([[.empty]], columnWidths: [.fixed(70_000)], rowHeight: 70_000, header: false)
        do {
            _ = try GridRenderer.render(huge, format: .png)
            Issue.record("a 70000×70000 px canvas rendered")
        } catch let error as RenderError {
            #expect(error.description.contains("too large"))
        }
        // The same canvas at scale 1 is fine as a vector document.
        #expect(try !GridRenderer.render(tall, format: .svg).isEmpty)
    }

    @Test func scaleOutsideRangeIsRefused() {
        #expect(throws: RenderError.self) {
            try GridRenderer.render(GridRendererTests.sample(), format: .png, options: RenderOptions(scale: 17))
        }
    }

    @Test func pngCompressionAndFilterAreOptions() throws {
        let fast = try GridRenderer.render(GridRendererTests.sample(), format: .png, options: RenderOptions(pngCompression: 1))
        let paeth = try GridRenderer.render(GridRendererTests.sample(), format: .png, options: RenderOptions(pngFilter: .paeth))
        let a = try PNGImage(decoding: fast), b = try PNGImage(decoding: paeth)
        #expect(a.rgba == b.rgba)
        #expect(fast != paeth)
    }
}

extension RenderJobTests {
    /// `--jobs N` renders on several threads at once: each render has its own font map and Pango
    /// context, so parallel renders neither crash nor differ.
    @Test func parallelRendersAreIndependent() async throws {
        let expected = try GridRenderer.render(GridRendererTests.features(), format: .png)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for index in 0..<6 {
                group.addTask {
                    let format: OutputFormat = index % 3 == 0 ? .png : (index % 3 == 1 ? .svg : .pdf)
                    let bytes = try GridRenderer.render(GridRendererTests.features(), format: format)
                    return format == .png ? bytes : []
                }
            }
            var all: [[UInt8]] = []
            for try await bytes in group where !bytes.isEmpty { all.append(bytes) }
            return all
        }
        #expect(results.count == 2)
        for bytes in results where bytes != expected {
            Issue.record("a PNG rendered in parallel differs from the one rendered alone: \(try Self.difference(bytes, expected))")
        }
    }

    /// How two PNGs differ, for a failure message: their sizes, and how many pixels differ.
    static func difference(_ a: [UInt8], _ b: [UInt8]) throws -> String {
        let x = try PNGImage(decoding: a), y = try PNGImage(decoding: b)
        guard x.width == y.width, x.height == y.height else { return "\(x.width)×\(x.height) px against \(y.width)×\(y.height) px" }
        let pixels = stride(from: 0, to: x.rgba.count, by: 4).filter { x.rgba[$0..<$0 + 4] != y.rgba[$0..<$0 + 4] }
        return "\(a.count) against \(b.count) bytes, \(pixels.count) of \(x.width * x.height) pixels differ"
            + (pixels.first.map { " (first at x \($0 / 4 % x.width), y \($0 / 4 / x.width))" } ?? "")
    }
}

extension RenderJobTests {
    /// Bands cut through text, lines and glow; the image must not show where.
    @Test(arguments: [1.0, 2.0])
    func bandBoundariesLeaveNoSeams(scale: Double) throws {
        let whole = try RenderJob(GridRendererTests.features(scale: scale), options: RenderOptions())
            .png(path: nil, options: RenderOptions())
        for rows in [1, 7, 13] {
            let banded = try RenderJob(GridRendererTests.features(scale: scale), options: RenderOptions())
                .png(path: nil, options: RenderOptions(), maxBandRows: rows)
            let a = try PNGImage(decoding: banded), b = try PNGImage(decoding: whole)
            var diffs: [String] = []
            for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { diffs.append("(\(x),\(y)) \(a[x, y]) vs \(b[x, y])") } }
            #expect(diffs.isEmpty, "bands of \(rows) rows: \(diffs.count) differ: \(diffs.prefix(12))")
        }
    }
}

extension RenderJobTests {
    static func longText() throws -> PreparedGrid {
        let paragraph = (0..<900).map { "word\($0)" }.joined(separator: " ")
        let json = """
        {"title": "\(paragraph)", "canvas": {"width": 300},
         "columns": [{"key": "a", "width": 120, "style": {"wrap": true}}, {"key": "b"}],
         "data": {"rows": [["\(paragraph)", "short"], ["after", "x"]]}}
        """
        return try Document.decode(json: Array(json.utf8), file: "long.json").prepare()
    }

    /// A long text is laid out once per painter and kept; a short one goes through the scratch layout.
    @Test func longTextsAreLaidOutOnce() throws {
        let job = try RenderJob(Self.longText(), options: RenderOptions())
        let scratch = TextLayout(context: try TextContext(mode: .pinned, fontDirectories: []))
        let style = ResolvedStyle()
        let long = String(repeating: "x", count: GridPainter.longTextBytes)
        let first = job.painter.prepared(long, style: style, width: 100, scratch: scratch)
        #expect(first !== scratch)
        #expect(job.painter.prepared(long, style: style, width: 100, scratch: scratch) === first)
        #expect(job.painter.prepared(long, style: style, width: 90, scratch: scratch) !== first)
        #expect(job.painter.prepared("short", style: style, width: 100, scratch: scratch) === scratch)
    }

    /// A wrapped cell and a title of thousands of characters, tall enough to cross many bands:
    /// the kept layouts draw exactly what one band would.
    @Test func longTextsAcrossBandsMatchOneBand() throws {
        let whole = try RenderJob(Self.longText(), options: RenderOptions()).png(path: nil, options: RenderOptions())
        let banded = try RenderJob(Self.longText(), options: RenderOptions())
            .png(path: nil, options: RenderOptions(paintThreads: 2), maxBandRows: 16)
        let a = try PNGImage(decoding: banded), b = try PNGImage(decoding: whole)
        #expect(a.height > 1000)
        #expect(a.width == b.width && a.height == b.height)
        var differing = 0
        for y in 0..<min(a.height, b.height) { for x in 0..<min(a.width, b.width) where a[x, y] != b[x, y] { differing += 1 } }
        #expect(differing == 0)
    }
}

extension RenderJobTests {
    /// A table below `minLanedPDFCells` → PDF is measured on one lane unless threads are asked
    /// for; SVG and bigger PDFs (people-1000's 8,008 cells: pages painted on every lane) keep the
    /// default lanes. The bytes are the same either way.
    @Test func smallPDFsUseOneLane() throws {
        guard getenv("GRIDRENDER_THREADS") == nil else { return }   // an explicit setting decides
        func grid(rows count: Int) throws -> PreparedGrid {
            let rows = (0..<count).map { "[\"r\($0)\", \($0)]" }.joined(separator: ",")
            return try Document.decode(json: Array(#"{"columns": [{"key": "a"}, {"key": "b"}], "data": {"rows": [\#(rows)]}}"#.utf8)).prepare()
        }
        let small = try grid(rows: 300), paged = try grid(rows: 4_004)   // people-1000's 8,008 cells
        #expect(try RenderJob(small, options: RenderOptions(), format: .pdf).laneCount == 1)
        #expect(try RenderJob(small, options: RenderOptions(paintThreads: 2), format: .pdf).laneCount == 2)
        #expect(try RenderJob(small, options: RenderOptions(), format: .svg).laneCount == max(1, RenderJob.defaultPaintThreads))
        #expect(try RenderJob(paged, options: RenderOptions(), format: .pdf).laneCount == max(1, RenderJob.defaultPaintThreads))
        for grid in [small, paged] {
            let one = try GridRenderer.render(grid, format: .pdf, options: RenderOptions(paintThreads: 1))
            let two = try GridRenderer.render(grid, format: .pdf, options: RenderOptions(paintThreads: 2))
            #expect(one == two)
        }
    }
}

extension RenderJobTests {
    /// A PNG on two threads is painted by the lanes that measured it: the same bytes as one
    /// thread, and a character no font has, met only by the second lane, still makes its warning.
    @Test func pngIsPaintedOnTheMeasuringLanes() throws {
        let rows = (0..<3_000).map { $0 == 2_900 ? "[\"r\($0) \u{E000}\", \($0)]" : "[\"r\($0)\", \($0)]" }.joined(separator: ",")
        let grid = try Document.decode(json: Array(#"{"columns": [{"key": "a"}, {"key": "b"}], "data": {"rows": [\#(rows)]}}"#.utf8)).prepare()
        func render(_ threads: Int) throws -> ([UInt8], [String], Bool) {
            let warnings = WarningLog()
            let job = try RenderJob(grid, options: RenderOptions(paintThreads: threads, warningHandler: { warnings.add($0) }), format: .png)
            let bytes = try job.png(path: nil, options: RenderOptions(paintThreads: threads))
            job.reportWarnings()
            return (bytes, warnings.all, job.pngPaintedOnLanes)
        }
        let (one, oneWarnings, oneOnLanes) = try render(1)
        let (two, twoWarnings, twoOnLanes) = try render(2)
        #expect(!oneOnLanes && twoOnLanes)
        #expect(one == two)
        #expect(oneWarnings.filter { $0.contains("U+E000") }.count == 1)
        #expect(twoWarnings.filter { $0.contains("U+E000") }.count == 1, "\(twoWarnings)")
    }
}

/// Warnings collected from a render's handler (it may be called from any thread).
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ warning: String) { lock.lock(); items.append(warning); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
