import Foundation
import GridDocument

/// Rectangles excluded from a comparison (a timestamp, a version string), in pixels of the
/// expected image (Contract: `{"masks": [{"path"?: glob, "x", "y", "width", "height"}]}`).
///
/// A rectangle without `path` applies to every image; with `path` only to images whose relative
/// path (folder comparison) or file name (one pair) matches the glob (`*`, `?`, `[…]`, as
/// fnmatch(3); `*` also crosses `/`). Masked pixels are neither compared nor counted as compared,
/// and the diff image shows them hatched.
package struct ComparisonMask: Sendable, Hashable, Codable {
    public struct Region: Sendable, Hashable, Codable {
        public var path: String?
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(path: String? = nil, x: Int, y: Int, width: Int, height: Int) {
            self.path = path; self.x = x; self.y = y; self.width = width; self.height = height
        }

        /// Whether this region applies to the image at `relativePath`.
        public func applies(to relativePath: String) -> Bool {
            guard let path else { return true }
            if fnmatch(path, relativePath, 0) == 0 { return true }
            // A pattern without a slash also matches the file name alone, like .gitignore.
            let name = (relativePath as NSString).lastPathComponent
            return !path.contains("/") && fnmatch(path, name, 0) == 0
        }
    }

    public var regions: [Region]
    /// Entries naming a document's columns or cells, resolved per image (`SemanticMask`).
    package var semantic: [SemanticMask] = []

    public init(regions: [Region] = []) { self.regions = regions }

    public var isEmpty: Bool { regions.isEmpty && semantic.isEmpty }

    /// The rectangles that apply to one image.
    public func rectangles(for relativePath: String) -> [ComparisonResult.Rect] {
        regions.filter { $0.applies(to: relativePath) }
            .map { ComparisonResult.Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    /// The rectangles and the resolved semantic entries that apply to one image; `imageSize` is
    /// asked only when a semantic entry applies (nil: an SVG or PDF raster, one pixel per point).
    package func rectangles(for relativePath: String,
                            imageSize: () throws(ImageError) -> ComparisonResult.Size?) throws(ImageError) -> [ComparisonResult.Rect] {
        var rects = rectangles(for: relativePath)
        let applying = semantic.filter { Region(path: $0.path, x: 0, y: 0, width: 0, height: 0).applies(to: relativePath) }
        if applying.isEmpty { return rects }
        let size = try imageSize()
        for entry in applying { rects += try entry.rectangles(imageSize: size) }
        return rects
    }

    /// Reads a mask file; any problem is one error naming the file and the key path
    /// (`masks.json: masks[1].width: expected a whole number ≥ 0, found "wide"`).
    public static func load(path: String) throws(ImageError) -> ComparisonMask {
        let data = try FileIO.read(path, limit: 16 << 20)
        return try decode(data, file: path)
    }

    public static func decode(_ data: Data, file: String? = nil) throws(ImageError) -> ComparisonMask {
        let root: Node
        do {
            root = try NodeJSONParser.parse(Array(data), file: file)
        } catch {
            throw ImageError(error.description)
        }
        func fail(_ node: Node, _ message: String) -> ImageError {
            ImageError(file: file.map { "\($0):\(node.line)" }, message)
        }
        guard case .object(let members) = root.value else {
            throw fail(root, "expected an object with a \"masks\" array, found \(root.summary)")
        }
        for member in members where member.key != "masks" {
            throw fail(member.value, "unknown key `\(escapeForMessage(member.key))`; expected `masks`")
        }
        guard let list = root["masks"] else { throw fail(root, "masks: missing (expected an array)") }
        guard case .array(let items) = list.value else {
            throw fail(list, "masks: expected an array, found \(list.summary)")
        }
        var regions: [Region] = [], semantic: [SemanticMask] = []
        let known = ["path", "x", "y", "width", "height", "document", "columns", "cells", "header"]
        let folder = file.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        for (index, item) in items.enumerated() {
            let at = "masks[\(index)]"
            guard case .object(let fields) = item.value else {
                throw fail(item, "\(at): expected an object, found \(item.summary)")
            }
            for field in fields where !known.contains(field.key) {
                throw fail(field.value, "\(at): unknown key `\(escapeForMessage(field.key))`; expected one of \(known.joined(separator: ", "))")
            }
            var path: String?
            if let value = item["path"] {
                guard case .string(let text) = value.value, !text.isEmpty else {
                    throw fail(value, "\(at).path: expected a non-empty glob string, found \(value.summary)")
                }
                path = text
            }
            if item["document"] != nil {
                semantic.append(try semanticEntry(item, at: at, path: path, file: file, folder: folder, fail: fail))
                continue
            }
            for key in ["columns", "cells", "header"] {
                if let value = item[key] { throw fail(value, "\(at).\(key): only with \"document\" (a rectangle has x, y, width and height)") }
            }
            func integer(_ key: String, minimum: Int) throws(ImageError) -> Int {
                guard let value = item[key] else { throw fail(item, "\(at).\(key): missing (x, y, width and height are required)") }
                guard case .number(let number, _) = value.value, number.isFinite, number == number.rounded(),
                      number >= Double(minimum), number <= 1_000_000 else {
                    throw fail(value, "\(at).\(key): expected a whole number from \(minimum) to 1000000, found \(value.summary)")
                }
                return Int(number)
            }
            regions.append(Region(path: path, x: try integer("x", minimum: 0), y: try integer("y", minimum: 0),
                                  width: try integer("width", minimum: 1), height: try integer("height", minimum: 1)))
        }
        var mask = ComparisonMask(regions: regions)
        mask.semantic = semantic
        return mask
    }

    /// `{"document", "columns": [key…]}` or `{"document", "cells": {"column", "match"}}`, with
    /// `header` and `path` optional; the document is loaded to check the columns it names.
    private static func semanticEntry(_ item: Node, at: String, path: String?, file: String?, folder: String,
                                      fail: (Node, String) -> ImageError) throws(ImageError) -> SemanticMask {
        for key in ["x", "y", "width", "height"] {
            if let value = item[key] { throw fail(value, "\(at).\(key): a document entry names columns or cells, not a rectangle") }
        }
        let documentNode = item["document"]!
        guard case .string(let name) = documentNode.value, !name.isEmpty else {
            throw fail(documentNode, "\(at).document: expected a document path, found \(documentNode.summary)")
        }
        let document = name.hasPrefix("/") || folder.isEmpty || folder == "." ? name : folder + "/" + name
        var header = false
        if let value = item["header"] {
            guard case .bool(let flag) = value.value else { throw fail(value, "\(at).header: expected true or false, found \(value.summary)") }
            header = flag
        }
        var columns: [String] = [], cellColumn: String?, match: String?
        var line = item.line
        switch (item["columns"], item["cells"]) {
        case (let list?, nil):
            line = list.line
            guard case .array(let names) = list.value, !names.isEmpty else {
                throw fail(list, "\(at).columns: expected a non-empty array of column keys, found \(list.summary)")
            }
            for (index, node) in names.enumerated() {
                guard case .string(let key) = node.value else {
                    throw fail(node, "\(at).columns[\(index)]: expected a column key, found \(node.summary)")
                }
                columns.append(key)
            }
        case (nil, let cells?):
            line = cells.line
            guard case .object(let fields) = cells.value else {
                throw fail(cells, "\(at).cells: expected {\"column\": key, \"match\": regex}, found \(cells.summary)")
            }
            for field in fields where field.key != "column" && field.key != "match" {
                throw fail(field.value, "\(at).cells: unknown key `\(escapeForMessage(field.key))`; expected column, match")
            }
            for key in ["column", "match"] {
                guard let value = cells[key] else { throw fail(cells, "\(at).cells.\(key): missing") }
                guard case .string(let text) = value.value else { throw fail(value, "\(at).cells.\(key): expected a string, found \(value.summary)") }
                if key == "column" { cellColumn = text } else { match = text }
            }
        case (_?, _?):
            throw fail(item, "\(at): give columns or cells, not both")
        case (nil, nil):
            throw fail(item, "\(at): a document entry needs columns or cells")
        }
        let place = file.map { "\($0):\(line): " } ?? ""
        let entry = SemanticMask(path: path, document: document, columns: columns, cellColumn: cellColumn, match: match,
                                 header: header, origin: place + at)
        try entry.validate { key in place + "\(at).\(key)" }
        return entry
    }
}

/// Per-row lookup of masked columns for the classifier: the rectangles clipped to the compared
/// area, and for one row a byte per column (1 = masked), refilled only when the row changes.
struct RowMask {
    let rectangles: [ComparisonResult.Rect]
    let width: Int
    private(set) var flags: [UInt8]

    init(rectangles: [ComparisonResult.Rect], width: Int, height: Int) {
        self.rectangles = rectangles.filter { $0.x < width && $0.y < height && $0.width > 0 && $0.height > 0 }
        self.width = width
        flags = self.rectangles.isEmpty ? [] : [UInt8](repeating: 0, count: width)
    }

    var isEmpty: Bool { rectangles.isEmpty }

    /// Fills `flags` for row `y`; returns false when no rectangle crosses the row.
    mutating func load(row y: Int) -> Bool {
        guard !rectangles.isEmpty else { return false }
        var any = false
        for i in flags.indices { flags[i] = 0 }
        for r in rectangles where y >= r.y && y < r.y + r.height {
            any = true
            for x in r.x ..< min(width, r.x + r.width) { flags[x] = 1 }
        }
        return any
    }
}

/// User text in an error message with control characters escaped, so a hostile key or path
/// cannot break the one-line error or a terminal.
package func escapeForMessage(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || scalar.value == 0x7f || (0x80 ..< 0xa0).contains(scalar.value) {
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
