import Foundation
import Testing
import GridLayout
@testable import GridDocument

/// `CellSource.mayShowImages`: a render looks at every cell for an image only when it is true
/// (`RenderJob.preloadImages`), so it must never be false where a cell shows one. Checked cell by
/// cell over every fixture and every way an image enters a grid.
@Suite struct CellSourceImagesTests {
    /// Whether any cell of `grid` shows an image, asked cell by cell.
    static func showsImage(_ grid: PreparedGrid) -> Bool {
        func isImage(_ content: CellContent) -> Bool { if case .image = content { true } else { false } }
        switch grid.spec.content {
        case .table(let table):
            return (0..<table.rows.count).contains { r in
                (0..<table.columnCount).contains { c in isImage(grid.cells.content(row: r, column: c, item: nil)) }
            }
        case .items(let items):
            let count = items.sections.reduce(0) { $0 + $1.count }
            return (0..<count).contains { isImage(grid.cells.content(row: 0, column: 0, item: $0)) }
        }
    }

    static func documents() -> [String] {
        let root = Fixture.root
        let walker = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let relative = walker?.nextObject() as? String {
            guard !relative.hasPrefix("bad/"), !relative.hasPrefix("conformance/") else { continue }
            if ["json", "yaml", "yml", "csv", "tsv", "md"].contains((relative as NSString).pathExtension) {
                paths.append(root + "/" + relative)
            }
        }
        return paths.sorted()
    }

    @Test func noFixtureShowsAnImageWhileItsSourceSaysNone() throws {
        var prepared = 0, withImages = 0, csv = 0
        for path in Self.documents() {
            guard let grid = try? Document.load(path: path).prepare() else { continue }
            prepared += 1
            if Self.showsImage(grid) {
                withImages += 1
                #expect(grid.cells.mayShowImages, "\(path) shows an image")
            }
            if path.hasSuffix(".csv") || path.hasSuffix(".tsv") {
                csv += 1
                #expect(!grid.cells.mayShowImages, "\(path): CSV text never becomes an image")
            }
        }
        #expect(prepared >= 40)
        #expect(withImages >= 1)
        #expect(csv >= 1)
    }

    /// Inline rows, records, items: each way a cell holds an image.
    static let withImages: [String] = {
        let image = Fixture.path("images/badge.png")
        return [
            #"{"columns": [{"key": "a"}, {"key": "b"}], "data": {"rows": [["x", {"image": "\#(image)"}]]}}"#,
            #"{"data": {"records": [{"a": "x"}, {"a": {"image": "\#(image)", "fit": "cover"}}]}}"#,
            #"{"items": ["A", {"image": "\#(image)"}, "C"]}"#,
        ]
    }()

    @Test(arguments: withImages)
    func anImageCellIsSeen(_ text: String) throws {
        let grid = try json(text).prepare()
        #expect(Self.showsImage(grid))
        #expect(grid.cells.mayShowImages)
    }

    @Test(arguments: [
        #"{"columns": [{"key": "a"}, {"key": "b"}], "data": {"rows": [["x", "a.png"], [1, true]]}}"#,
        ##"{"data": {"records": [{"a": "x", "b": {"color": "#ff0000"}}]}}"##,
        #"{"items": 12}"#,
    ])
    func withoutImageCellsNoneIsLookedFor(_ text: String) throws {
        let grid = try json(text).prepare()
        #expect(!Self.showsImage(grid))
        #expect(!grid.cells.mayShowImages)
    }
}
