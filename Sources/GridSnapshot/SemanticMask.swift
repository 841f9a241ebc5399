import Foundation
import GridDocument
internal import GridDrawing
internal import GridLayout

/// A mask entry that names a document's columns or cells instead of a rectangle
/// (`{"document": "table.json", "columns": ["updated_at"]}`, `{"document": "table.json",
/// "cells": {"column": "date", "match": "REGEX"}}`): what changes legitimately is a column, and
/// its pixels move whenever the layout does.
///
/// It resolves to the cells' frames through the document's layout at the image's scale: the scale
/// at which the rendered canvas is the image's size (image width ÷ canvas width in points),
/// whatever the document's `canvas.scale`, so a mask written once serves 1x and 2x images. Header
/// cells are left out unless `header` is true; section rows always. A cell spanning a named
/// column is masked whole. `match` is searched for in the cell's text as rendered (formatted), as
/// grep does (anchor with `^…$`).
package struct SemanticMask: Sendable, Hashable, Codable {
    /// The glob of the images it applies to (all when nil), as a rectangle's `path`.
    package var path: String?
    /// The document, resolved from the mask file's folder.
    package var document: String
    /// `columns`: every cell of these columns.
    package var columns: [String]
    /// `cells`: the cells of `cellColumn` whose text matches `match`.
    package var cellColumn: String?
    package var match: String?
    package var header: Bool
    /// Where the entry is, for messages: `masks.json:4: masks[1]`.
    package var origin: String

    /// The rectangles this entry masks in an image of `imageSize` pixels (nil: an SVG or PDF
    /// raster, one pixel per point).
    package func rectangles(imageSize: ComparisonResult.Size?) throws(ImageError) -> [ComparisonResult.Rect] {
        let placed = try Self.placed(document, imageSize: imageSize, origin: origin)
        let regex = try match.map { (pattern) throws(ImageError) in try Self.regex(pattern, origin: origin) }
        return Self.cellFrames(placed, columns: cellColumn.map { [$0] } ?? columns, match: regex, header: header)
    }

    /// The pixel frames of the cells of `columns` (those whose text `match` finds, when given;
    /// header cells only with `header`, section rows never) in the placed layout: the one
    /// resolution behind mask files and the Swift snapshot APIs' `SnapshotMask`.
    static func cellFrames(_ placed: Placed, columns: [String], match regex: NSRegularExpression?,
                           header: Bool) -> [ComparisonResult.Rect] {
        let wanted = Set(columns.compactMap { placed.keys.firstIndex(of: $0) })
        let layout = placed.placement.layout, scale = placed.scale
        var rects: [ComparisonResult.Rect] = []
        layout.forEachCell { cell in
            let kind = cell.row < layout.rowKinds.count ? layout.rowKinds[cell.row] : .data
            guard kind != .section, kind != .header || header else { return }
            guard (cell.column ..< cell.column + cell.columnSpan).contains(where: wanted.contains) else { return }
            if let regex {
                guard case .text(let text) = placed.grid.cells.content(row: cell.row, column: cell.column, item: nil),
                      regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { return }
            }
            let x0 = PixelEdges.edge(placed.placement.gridX + cell.frame.x, scale: scale)
            let x1 = PixelEdges.edge(placed.placement.gridX + cell.frame.x + cell.frame.width, scale: scale)
            let y0 = PixelEdges.edge(placed.placement.gridY + cell.frame.y, scale: scale)
            let y1 = PixelEdges.edge(placed.placement.gridY + cell.frame.y + cell.frame.height, scale: scale)
            guard x1 > x0, y1 > y0 else { return }
            rects.append(.init(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0)))
        }
        return rects
    }

    /// Checks, when the mask file is read, that the document loads and names the columns, and
    /// that `match` compiles: each problem one line with the mask file's line and key path.
    func validate(at: (String) -> String) throws(ImageError) {
        if let match { _ = try Self.regex(match, origin: at("cells.match")) }
        let keys = try Self.prepared(document, scale: nil, origin: at("document")).keys
        if let cellColumn, !keys.contains(cellColumn) {
            throw ImageError(at("cells.column") + ": unknown column \"\(escapeForMessage(cellColumn))\" in \(document) (columns: \(keys.joined(separator: ", ")))")
        }
        for (index, column) in columns.enumerated() where !keys.contains(column) {
            throw ImageError(at("columns[\(index)]") + ": unknown column \"\(escapeForMessage(column))\" in \(document) (columns: \(keys.joined(separator: ", ")))")
        }
    }

    // MARK: - Layout at the image's scale

    struct Placed: Sendable {
        var grid: PreparedGrid
        var keys: [String]
        var placement: GridPlacement
        var scale: Double
    }

    static func regex(_ pattern: String, origin: String) throws(ImageError) -> NSRegularExpression {
        do { return try NSRegularExpression(pattern: pattern) } catch {
            throw ImageError(origin + ": not a regular expression: \"\(escapeForMessage(pattern))\"")
        }
    }

    private static func prepared(_ document: String, scale: Double?, origin: String) throws(ImageError) -> (grid: PreparedGrid, keys: [String]) {
        try checked({ scale in try Document.load(path: document).prepare(scale: scale) }, name: document, scale: scale, origin: origin)
    }

    /// `prepare(scale)` run, and its grid checked to be a table that is not paginated; every
    /// problem one error starting with `origin` and naming the document as `name`.
    static func checked(_ prepare: (Double?) throws -> PreparedGrid, name: String, scale: Double?,
                        origin: String) throws(ImageError) -> (grid: PreparedGrid, keys: [String]) {
        let grid: PreparedGrid
        do { grid = try prepare(scale) } catch {
            throw ImageError(origin + ": \(error)")
        }
        guard let keys = grid.columnKeys else {
            throw ImageError(origin + ": \(name) is not a table (item-mode grids have no columns)")
        }
        if grid.page != nil {
            throw ImageError(origin + ": \(name) is paginated (canvas.page): its pages are separate images; mask them with rectangles")
        }
        return (grid, keys)
    }

    /// Placements are cached per document and image size: a folder of images of one table lays
    /// it out once.
    private static let cache = PlacementCache()

    private static func placed(_ document: String, imageSize: ComparisonResult.Size?, origin: String) throws(ImageError) -> Placed {
        let key = "\(imageSize.map { "\($0.width)x\($0.height)" } ?? "raster")\u{0}\(document)"
        if let hit = cache.get(key) { return hit }
        let placed = try place({ scale in try Document.load(path: document).prepare(scale: scale) }, name: document,
                               imageSize: imageSize, origin: origin)
        cache.set(key, placed)
        return placed
    }

    /// The grid `prepare` gives laid out at the scale at which it renders at `imageSize`: first at
    /// its own scale, then, when that is not the image's size, at image width ÷ canvas width.
    static func place(_ prepare: (Double?) throws -> PreparedGrid, name: String, imageSize: ComparisonResult.Size?,
                      origin: String) throws(ImageError) -> Placed {
        func place(scale: Double?) throws(ImageError) -> Placed {
            let (grid, keys) = try checked(prepare, name: name, scale: scale, origin: origin)
            do {
                return Placed(grid: grid, keys: keys, placement: try GridRenderer.placement(grid), scale: grid.scale)
            } catch {
                throw ImageError(origin + ": \(name): \(error)")
            }
        }
        var placed: Placed
        if let imageSize {
            placed = try place(scale: nil)
            if placed.placement.pixelWidth != imageSize.width || placed.placement.pixelHeight != imageSize.height {
                let scale = Double(imageSize.width) / placed.placement.canvasWidth
                placed = try place(scale: scale)
                guard placed.placement.pixelWidth == imageSize.width, placed.placement.pixelHeight == imageSize.height else {
                    throw ImageError(origin + ": \(name) renders at \(placed.placement.pixelWidth)x\(placed.placement.pixelHeight) px at scale \(scale), not the image's \(imageSize): is it the document of this image?")
                }
            }
        } else {
            placed = try place(scale: 1)
            placed.scale = 1
        }
        return placed
    }
}

/// A process-wide cache of document placements, shared by the comparing threads.
private final class PlacementCache: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var entries: [String: SemanticMask.Placed] = [:]

    func get(_ key: String) -> SemanticMask.Placed? {
        lock.lock(); defer { lock.unlock() }
        return entries[key]
    }

    func set(_ key: String, _ value: SemanticMask.Placed) {
        lock.lock(); defer { lock.unlock() }
        if entries.count >= 64 { entries.removeAll() }
        entries[key] = value
    }
}
