import Foundation
import GridDocument
import GridDrawing
import Testing
@testable import GridSnapshot
import GridTestSupport

/// Semantic mask entries (`{"document", "columns"}`, `{"document", "cells": {"column", "match"}}`)
/// resolve to exactly the cells' pixel frames of generated documents: the layout's frames in
/// pixels (`Layout.json(units: .pixels)`) moved by the canvas padding, at 1x and 2x images
/// whatever the document's own `canvas.scale`, header cells only when asked; bad entries are one
/// error naming the mask file's line and key path.
@Suite struct SemanticMaskTests {
    /// A table document with a title, padding and `canvas.scale` 2, and its rows' `updated` texts.
    static func document(seed: UInt64, in dir: String) throws -> (path: String, updated: [String], padding: Int) {
        var random = SplitMix(seed: seed)
        let rows = Int.random(in: 3 ... 12, using: &random), padding = Int.random(in: 0 ... 16, using: &random)
        var updated: [String] = [], data: [String] = []
        for i in 0 ..< rows {
            let date = "2026-\(String(format: "%02d", Int.random(in: 1 ... 12, using: &random)))-\(String(format: "%02d", i + 1))"
            updated.append(date)
            let name = String(repeating: "w", count: Int.random(in: 1 ... 14, using: &random))
            data.append("[\(i), \"\(name)\", \"\(date)\", \(Int.random(in: 0 ... 99_999, using: &random))]")
        }
        let json = """
        {"canvas": {"scale": 2, "padding": \(padding)}, "title": "Generated \(seed)",
         "columns": [{"key": "id"}, {"key": "name"}, {"key": "updated"}, {"key": "score"}],
         "data": {"rows": [\(data.joined(separator: ", "))]}}
        """
        let path = dir + "/table-\(seed).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, updated, padding)
    }

    /// The image's size from the PNG `render` writes (IHDR), and the expected frames: the cells of
    /// `column` from the layout in pixels, moved by the padding and the title.
    static func rendered(_ path: String, scale: Double) throws -> (size: GridSnapshot.ComparisonResult.Size, cells: [[String: Any]], origin: (Double, Double)) {
        let grid = try Document.load(path: path).prepare(scale: scale)
        let png = try GridRenderer.render(grid, format: .png)
        func be32(_ at: Int) -> Int { png[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let layout = try GridRenderer.layout(grid)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(layout.json(units: .pixels).utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        var cells = try #require(json["cells"] as? [[String: Any]])
        for i in cells.indices { cells[i]["kind"] = rows[cells[i]["row"] as! Int]["kind"] }
        // The grid's top-left corner: the image's height less the layout's, less the bottom padding.
        let size = GridSnapshot.ComparisonResult.Size(width: be32(16), height: be32(20))
        let gridHeight = try #require((json["size"] as? [String: Any])?["height"] as? Double)
        let gridWidth = try #require((json["size"] as? [String: Any])?["width"] as? Double)
        let left = (Double(size.width) - gridWidth) / 2
        return (size, cells, (left, Double(size.height) - gridHeight - left))
    }

    static func expected(_ cells: [[String: Any]], origin: (Double, Double), column: Int, header: Bool,
                         rows: Set<Int>? = nil) -> Set<GridSnapshot.ComparisonResult.Rect> {
        Set(cells.filter { cell in
            let kind = cell["kind"] as? String
            return cell["column"] as? Int == column && (kind == "data" || (header && kind == "header"))
                && (rows.map { $0.contains((cell["row"] as! Int) - 1) } ?? true)
        }.map { cell in
            GridSnapshot.ComparisonResult.Rect(x: Int(origin.0 + (cell["x"] as! Double)), y: Int(origin.1 + (cell["y"] as! Double)),
                                  width: Int(cell["width"] as! Double), height: Int(cell["height"] as! Double))
        })
    }

    @Test(arguments: [(UInt64(1), 1.0), (2, 2.0), (3, 1.0), (4, 2.0), (5, 3.0), (6, 1.0), (7, 2.0), (8, 1.0)])
    func columnsAndCellsResolveToTheirFrames(seed: UInt64, scale: Double) throws {
        let dir = NSTemporaryDirectory() + "semantic-mask-\(getpid())-\(seed)"
        try FileManager.default.createDirectory(atPath: dir + "/masks", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (path, updated, padding) = try Self.document(seed: seed, in: dir)
        let (size, cells, origin) = try Self.rendered(path, scale: scale)
        #expect(origin.0 == Double(padding) * scale)
        let name = (path as NSString).lastPathComponent
        let maskFile = dir + "/masks/m.json"
        func resolve(_ entry: String) throws -> Set<GridSnapshot.ComparisonResult.Rect> {
            let mask = try ComparisonMask.decode(Data("{\"masks\": [\(entry)]}".utf8), file: maskFile)
            return Set(try mask.rectangles(for: "any.png") { size })
        }
        // Paths resolve from the mask file's folder.
        let data = try resolve("{\"document\": \"../\(name)\", \"columns\": [\"updated\"]}")
        #expect(data == Self.expected(cells, origin: origin, column: 2, header: false))
        #expect(data.count == updated.count)
        let withHeader = try resolve("{\"document\": \"../\(name)\", \"columns\": [\"updated\", \"id\"], \"header\": true}")
        #expect(withHeader == Self.expected(cells, origin: origin, column: 2, header: true)
                    .union(Self.expected(cells, origin: origin, column: 0, header: true)))
        #expect(withHeader.count == 2 * (updated.count + 1))
        // Cells whose text matches: the rows of one month.
        let month = updated[updated.count / 2].dropFirst(5).prefix(2)
        let matching = Set(updated.indices.filter { updated[$0].dropFirst(5).prefix(2) == month })
        let matched = try resolve("{\"document\": \"../\(name)\", \"cells\": {\"column\": \"updated\", \"match\": \"^2026-\(month)-\"}}")
        #expect(matched == Self.expected(cells, origin: origin, column: 2, header: false, rows: matching))
        // A glob that does not match the image: nothing.
        let mask = try ComparisonMask.decode(Data("{\"masks\": [{\"path\": \"other/*\", \"document\": \"../\(name)\", \"columns\": [\"id\"]}]}".utf8), file: maskFile)
        #expect(try mask.rectangles(for: "any.png") { size }.isEmpty)
    }

    @Test func anImageOfAnotherDocumentIsAnError() throws {
        let dir = NSTemporaryDirectory() + "semantic-mask-size-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (path, _, _) = try Self.document(seed: 11, in: dir)
        let mask = try ComparisonMask.decode(Data("{\"masks\": [{\"document\": \"\(path)\", \"columns\": [\"id\"]}]}".utf8), file: dir + "/m.json")
        #expect(throws: ImageError.self) { try mask.rectangles(for: "a.png") { GridSnapshot.ComparisonResult.Size(width: 100, height: 7) } }
    }

    @Test(arguments: [
        ("{\"document\": \"D\", \"columns\": [\"id\", \"nope\"]}", "m.json:3: masks[0].columns[1]: unknown column \"nope\""),
        ("{\"document\": \"D\", \"cells\": {\"column\": \"nope\", \"match\": \"x\"}}", "m.json:3: masks[0].cells.column: unknown column \"nope\""),
        ("{\"document\": \"D\", \"cells\": {\"column\": \"id\", \"match\": \"(\"}}", "m.json:3: masks[0].cells.match: not a regular expression"),
        ("{\"document\": \"D\", \"columns\": [\"id\"], \"x\": 1}", "masks[0].x: a document entry names columns or cells"),
        ("{\"document\": \"D\"}", "masks[0]: a document entry needs columns or cells"),
        ("{\"document\": \"D\", \"columns\": []}", "masks[0].columns: expected a non-empty array"),
        ("{\"document\": \"D\", \"columns\": [\"id\"], \"header\": 1}", "masks[0].header: expected true or false"),
        ("{\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1, \"columns\": [\"id\"]}", "masks[0].columns: only with \"document\""),
        ("{\"document\": \"missing.json\", \"columns\": [\"id\"]}", "masks[0].document: "),
    ])
    func badEntriesAreOneError(entry: String, message: String) throws {
        let dir = NSTemporaryDirectory() + "semantic-mask-errors-\(getpid())-\(abs(entry.hashValue))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (path, _, _) = try Self.document(seed: 21, in: dir)
        let text = "{\n  \"masks\": [\n    " + entry.replacingOccurrences(of: "\"D\"", with: "\"\((path as NSString).lastPathComponent)\"") + "\n  ]\n}"
        let error = try #require(throws: ImageError.self) { try ComparisonMask.decode(Data(text.utf8), file: dir + "/m.json") }
        #expect(error.description.contains(message), "\(error.description)")
        #expect(!error.description.contains("\n"))
    }

    /// A paginated document is refused when the mask file is read (its pages are laid out by the
    /// paginator, with repeated headers, not by the one layout a mask resolves through): one line
    /// with the file, line and key path, saying what to do instead.
    @Test func paginatedDocumentIsOneError() throws {
        let dir = NSTemporaryDirectory() + "semantic-mask-paged-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"canvas": {"page": {"size": "a4"}}, "columns": [{"key": "a"}], "data": {"rows": [["x"]]}}"#
            .write(toFile: dir + "/paged.json", atomically: true, encoding: .utf8)
        let text = "{\"masks\": [\n  {\"document\": \"paged.json\", \"columns\": [\"a\"]}\n]}"
        let error = try #require(throws: ImageError.self) { try ComparisonMask.decode(Data(text.utf8), file: dir + "/m.json") }
        #expect(error.description.contains("m.json:2: masks[0].document: \(dir)/paged.json is paginated (canvas.page)"), "\(error.description)")
        #expect(error.description.contains("mask them with rectangles"))
        #expect(!error.description.contains("\n"))
    }
}
