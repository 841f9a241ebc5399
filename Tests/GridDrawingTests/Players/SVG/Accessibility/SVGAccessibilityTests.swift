import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The accessible SVG (issue 30 item 2, `SVGAccessibility`): read back with XMLParser
/// (`AccessibleSVGReader`), its roles and labels are the table's cells in reading order, and
/// librsvg draws exactly the pixels of the SVG without the layer.
@Suite struct SVGAccessibilityTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/snapshots").path

    static func fixture(_ stem: String) throws -> (Document, PreparedGrid) {
        let document = try Document.load(path: "\(fixtures)/\(stem).json")
        return (document, try document.prepare())
    }

    static func svg(_ grid: PreparedGrid, accessible: Bool = true, threads: Int = 2) throws -> [UInt8] {
        var options = RenderOptions(paintThreads: threads)
        options.accessibleSVG = accessible
        return try RenderJob(grid, options: options).svg()
    }

    static func xmllintClean(_ svg: [UInt8]) throws -> Bool {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.svg").path
        try Data(svg).write(to: URL(fileURLWithPath: path))
        return try run(["xmllint", "--noout", "--huge", path]).status == 0
    }

    /// The roles, labels and indices the reader found: `[row index: [(role, label, column index)]]`.
    static func summary(_ reader: AccessibleSVGReader) -> [[String]] {
        reader.rows.map { row in
            ["row \(row.attributes["aria-rowindex"] ?? "?")"] + row.cells.map { cell in
                var s = "\(cell.role) \(cell.int("aria-colindex") ?? 0)"
                if let span = cell.int("aria-colspan") { s += " colspan \(span)" }
                if let span = cell.int("aria-rowspan") { s += " rowspan \(span)" }
                return s + ": " + (cell.label ?? "")
            }
        }
    }

    /// Checks what every accessible SVG must be: one title and desc, first, named by the
    /// root; no role in the hidden drawing, no ink outside it; rects that paint nothing.
    static func checkShape(_ reader: AccessibleSVGReader, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reader.error == nil, sourceLocation: sourceLocation)
        #expect(reader.root["role"] == "graphics-document document", sourceLocation: sourceLocation)
        #expect(reader.titles.count == 1 && reader.titles.first?.id == reader.root["aria-labelledby"], sourceLocation: sourceLocation)
        #expect(reader.descriptions.first?.id == reader.root["aria-describedby"], sourceLocation: sourceLocation)
        #expect(reader.container?["aria-labelledby"] == reader.titles.first?.id, sourceLocation: sourceLocation)
        #expect(reader.rolesInsideHidden == 0 && reader.inkOutsideHidden == 0 && reader.paintedRects == 0, sourceLocation: sourceLocation)
    }

    @Test func publicationFixtureReadsAsItsTable() throws {
        let (document, grid) = try Self.fixture("publication-report")
        let svg = try Self.svg(grid)
        #expect(try Self.xmllintClean(svg))
        let reader = AccessibleSVGReader(svg)
        Self.checkShape(reader)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.range(of: "<title")!.lowerBound < text.range(of: "<desc")!.lowerBound)
        #expect(text.range(of: "<desc")!.lowerBound < text.range(of: "role=\"table\"")!.lowerBound)
        #expect(reader.titles.first?.text == "Regional results")
        #expect(reader.descriptions.first?.text == (try document.altText()))
        #expect(reader.container?["role"] == "table")
        #expect(reader.container?["aria-rowcount"] == "15" && reader.container?["aria-colcount"] == "7")
        let rows = Self.summary(reader)
        #expect(rows.count == 15)
        #expect(rows.prefix(5) == [
            ["row 1", "columnheader 1 rowspan 3: Office", "columnheader 2 rowspan 3: Opened", "columnheader 3 colspan 5: Fiscal 2025"],
            ["row 2", "columnheader 3 colspan 2: Revenue¹", "columnheader 5 colspan 3: Performance"],
            ["row 3", "columnheader 3: Q1", "columnheader 4: Q2", "columnheader 5: Growth²", "columnheader 6: Margin", "columnheader 7: Profit"],
            ["row 4", "rowheader 1 colspan 7: Europe"],
            ["row 5", "rowheader 1: Berlin", "cell 2: 5 Mar 2012", "cell 3: 1,250.4", "cell 4: 1,388.9", "cell 5: 11.1%", "cell 6: 22%", "cell 7: 275.1"],
        ])
        // Every cell of the layout once, in row-major order, its role from its row's kind.
        var expected: [String] = []
        let layout = try RenderJob(grid, options: RenderOptions()).layout
        layout.forEachCell { cell in expected.append("\(cell.row + 1),\(cell.column + 1),\(cell.rowSpan),\(cell.columnSpan)") }
        let found = reader.rows.flatMap { row in
            row.cells.map { "\(row.attributes["aria-rowindex"]!),\($0.int("aria-colindex")!),\($0.int("aria-rowspan") ?? 1),\($0.int("aria-colspan") ?? 1)" }
        }
        #expect(found == expected)
    }

    @Test func spansCarryTheirExtentAndFrame() throws {
        let (_, grid) = try Self.fixture("spans")
        let reader = AccessibleSVGReader(try Self.svg(grid))
        Self.checkShape(reader)
        #expect(Self.summary(reader) == [
            ["row 1", "columnheader 1: Q1", "columnheader 2: Q2", "columnheader 3: Q3", "columnheader 4: Q4"],
            ["row 2", "cell 1 colspan 2: First half (2 columns)", "cell 3: Q3", "cell 4: Q4"],
            ["row 3", "cell 1 rowspan 2: tall", "cell 2: x", "cell 3 colspan 2 rowspan 2: A 2×2 block"],
            ["row 4", "cell 2: y"],
            ["row 5", "cell 1: one", "cell 2: two", "cell 3: three", "cell 4: four"],
        ])
        // The 2×2 block's rect covers two 56-point columns.
        let block = reader.cells.first { $0.label == "A 2×2 block" }
        #expect(block?.rect?["width"] == "112")
    }

    @Test func markupAndLinksAreTheirShownText() throws {
        let (_, grid) = try Self.fixture("markup-links")
        let reader = AccessibleSVGReader(try Self.svg(grid))
        Self.checkShape(reader)
        #expect(reader.titles.first?.text == "Inline markup and links")
        let shown = reader.rows.dropFirst().compactMap { $0.cells.count == 2 ? $0.cells[1].label : nil }
        #expect(shown.prefix(7) == ["bold", "italic and italic", "Run gridrender render now", "old new", "See the format", "A whole cell link", "*not italic* and snake_case_name"])
        // The written column is not markup: its cells keep their characters.
        #expect(reader.rows[1].cells[0].label == "**bold**")
    }

    @Test func itemGridIsAListInItemOrder() throws {
        let grid = LayeredSVGTests.variant("items")
        let reader = AccessibleSVGReader(try Self.svg(grid))
        Self.checkShape(reader)
        #expect(reader.container?["role"] == "list" && reader.rows.isEmpty)
        #expect(reader.items.map(\.label) == (0..<800).map { "Item \($0)" })
        #expect(reader.items.allSatisfy { $0.attributes["aria-colindex"] == nil && $0.attributes["aria-colspan"] == nil })
        // A column flow places items down first; the list still reads them in order.
        let (document, columns) = try Self.fixture("items-columns")
        let listed = AccessibleSVGReader(try Self.svg(columns))
        Self.checkShape(listed)
        let count = document.items?.count ?? 0
        #expect(count > 3 && listed.items.count == count)
        #expect(listed.descriptions.first?.text.hasPrefix("Grid of \(count) items") == true)
        let items = try RenderJob(columns, options: RenderOptions()).layout
        var labels: [(Int, String)] = []
        items.forEachCell { cell in
            if let item = cell.item { labels.append((item, columns.cells.content(row: cell.row, column: cell.column, item: item).accessibleLabel(markup: .none))) }
        }
        #expect(listed.items.map { $0.label ?? "" } == labels.sorted { $0.0 < $1.0 }.map(\.1))
    }

    /// The layer paints nothing: librsvg's pixels are those of the SVG without it, for the
    /// fixtures and generated tables, and every document is well-formed. (The layer is under
    /// the drawing: a transparent canvas is what would show ink in it.)
    @Test(arguments: ["publication-report", "spans", "markup-links", "items-sections-flowing", "frozen-viewport", "swatches", "multilingual", "transparent-background"])
    func rasterIsUnchanged(stem: String) throws {
        let (_, grid) = try Self.fixture(stem)
        let tagged = try Self.svg(grid), untagged = try Self.svg(grid, accessible: false)
        #expect(tagged != untagged)
        #expect(try Self.xmllintClean(tagged))
        #expect(try LayeredSVGTests.differingPixels(tagged, untagged, scale: 1) == 0)
    }

    @Test func generatedTablesReadAsTheirCells() throws {
        var tables = GeneratedTables(seed: 30)
        for k in 0..<40 {
            var grid = tables.table()
            if k % 2 == 0 { grid.background = Color(red: 1, green: 1, blue: 1, alpha: 0) }
            let tagged = try Self.svg(grid, threads: 1 + k % 2)
            let reader = AccessibleSVGReader(tagged)
            Self.checkShape(reader)
            let layout = try RenderJob(grid, options: RenderOptions()).layout
            var expected: [String] = []
            layout.forEachCell { cell in
                guard case .text(let s) = grid.cells.content(row: cell.row, column: cell.column, item: nil) else { return }
                // XML keeps every character but those it cannot hold, which become U+FFFD.
                let kept = String(String.UnicodeScalarView(s.unicodeScalars.map { u -> Unicode.Scalar in
                    switch u.value { case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: u; default: "\u{FFFD}" }
                }))
                let role = layout.rowKinds[cell.row] == .header ? "columnheader" : layout.rowKinds[cell.row] == .section ? "rowheader" : "cell"
                expected.append("\(cell.row + 1) \(cell.column + 1) \(cell.rowSpan)x\(cell.columnSpan) \(role): \(kept)")
            }
            let found = reader.rows.flatMap { row in
                row.cells.map { "\(row.attributes["aria-rowindex"]!) \($0.int("aria-colindex")!) \($0.int("aria-rowspan") ?? 1)x\($0.int("aria-colspan") ?? 1) \($0.role): \($0.label ?? "")" }
            }
            #expect(found == expected, "table \(k)")
            if k % 8 == 0 {
                #expect(try Self.xmllintClean(tagged))
                #expect(try LayeredSVGTests.differingPixels(tagged, Self.svg(grid, accessible: false), scale: 1) == 0, "table \(k)")
            }
        }
    }

    /// Each page of a paginated SVG is a table of its own rows: the header on every page,
    /// the body rows on exactly one, with the table's indices.
    @Test func paginatedPagesHaveTheirOwnRows() throws {
        let (_, grid) = try Self.fixture("paginated")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = try RenderJob(grid, options: RenderOptions()).writePages(.svg, to: dir.appendingPathComponent("p.svg").path, options: RenderOptions())
        #expect(paths.count > 1)
        var bodyRows: [Int] = []
        var rowCount: String?
        for path in paths {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(try Self.xmllintClean(bytes))
            let reader = AccessibleSVGReader(bytes)
            Self.checkShape(reader)
            #expect(reader.rows.first?.attributes["aria-rowindex"] == "1")
            #expect(reader.rows.first?.cells.allSatisfy { $0.role == "columnheader" } == true)
            bodyRows += reader.rows.dropFirst().compactMap { $0.attributes["aria-rowindex"].flatMap(Int.init) }
            rowCount = rowCount ?? reader.container?["aria-rowcount"]
            #expect(reader.container?["aria-rowcount"] == rowCount)
        }
        #expect(bodyRows == Array(2...(Int(rowCount ?? "0") ?? 0)))
    }

    /// A 30-column table split across A4 pages (`split: "columns"`): every page's rows start
    /// with the stub's row header and its column headers; every other column is on one page.
    @Test func splitColumnPagesRepeatTheStub() throws {
        let columns = ["Name"] + (1..<30).map { "C\($0)" }
        let rows = [columns] + (1...5).map { r in ["r\(r)"] + (1..<30).map { "\(r * $0)" } }
        let data = try JSONSerialization.data(withJSONObject: ["title": "Wide", "stub": "Name",
                                                               "canvas": ["page": ["size": "a4", "split": "columns"]], "data": ["rows": rows]])
        let grid = try Document.decode(json: Array(data)).prepare()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = try RenderJob(grid, options: RenderOptions()).writePages(.svg, to: dir.appendingPathComponent("w.svg").path, options: RenderOptions())
        #expect(paths.count > 1)
        var shown: [Int] = []
        for path in paths {
            let reader = AccessibleSVGReader(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            Self.checkShape(reader)
            #expect(reader.rows.count == 6)
            #expect(reader.rows.first?.cells.first.map { "\($0.role) \($0.label ?? "")" } == "columnheader Name")
            for (k, row) in reader.rows.enumerated().dropFirst() {
                #expect(row.cells.first.map { "\($0.role) \($0.int("aria-colindex") ?? 0) \($0.label ?? "")" } == "rowheader 1 r\(k)")
            }
            let header = reader.rows.first?.cells.dropFirst() ?? []
            shown += header.compactMap { $0.int("aria-colindex") }
            #expect(header.allSatisfy { $0.label == "C\(($0.int("aria-colindex") ?? 0) - 1)" })
        }
        #expect(shown == Array(2...30))
    }

    /// A streamed SVG (too big to join in memory) has the same layer as the one-piece SVG.
    @Test func streamedSVGHasTheSameLayer() throws {
        let grid = LayeredSVGTests.big()
        let streamed = try StreamedSVGTests.streamed(grid, threads: 2)
        #expect(try Self.xmllintClean(streamed))
        let a = AccessibleSVGReader(streamed), b = AccessibleSVGReader(try Self.svg(grid))
        Self.checkShape(a)
        #expect(a.rows.count == 150 && Self.summary(a) == Self.summary(b))
        #expect(a.titles.first?.text == "Layered")
    }

    /// `header` on a document's start: the root's start tag found past the XML declaration (not
    /// an element that only starts with `svg`); a start without a root is left as it is.
    @Test func headerFindsTheRoot() throws {
        let grid = makeTable(text([["A"], ["1"]]))
        let layer = try #require(try RenderJob(grid, options: RenderOptions()).svgAccessibility())
        let start = Array("<?xml version=\"1.0\"?>\n<svgx/><svg a=\"1\">\n".utf8)
        let header = String(decoding: layer.header(start), as: UTF8.self)
        let id = layer.ids.title
        #expect(header.hasPrefix("<?xml version=\"1.0\"?>\n<svgx/><svg a=\"1\" role=\"graphics-document document\" xml:lang=\"en\" aria-labelledby=\"\(id)\">\n<title id=\"\(id)\">Table</title>\n<g role=\"table\""))
        #expect(header.hasSuffix("<g aria-hidden=\"true\">\n"))
        for broken in ["<svg a=\"1\"", "<g/>"] {
            #expect(layer.header(Array(broken.utf8)) == Array(broken.utf8))
        }
    }

    @Test func offWritesNoLayer() throws {
        let (_, grid) = try Self.fixture("publication-report")
        let text = String(decoding: try Self.svg(grid, accessible: false), as: UTF8.self)
        #expect(!text.contains("role=") && !text.contains("aria-") && !text.contains("<title"))
    }
}
