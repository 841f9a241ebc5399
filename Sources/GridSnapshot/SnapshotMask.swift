import Foundation
import GridDocument
internal import GridDrawing

/// A part of a snapshot left out of the comparison, named the way the table names it: whole
/// columns, the cells of a column whose text matches a pattern, or a rectangle in pixels.
///
/// Columns and cells are resolved through the document being snapshotted, laid out at the
/// snapshot image's scale, so one mask serves `.png` and `.png(scale: 2)` and follows the column
/// wherever the layout moves it (the same resolution as a `compare --mask` file's
/// `{"document", "columns"}` entries). Header cells are left out unless `header` is true;
/// section rows always. A cell spanning a named column is masked whole.
///
/// ```swift
/// assertSnapshot(of: document, as: .png(masks: [.columns("updated_at"), .cells(column: "id", matching: "^tmp-")]))
/// ```
public struct SnapshotMask: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case columns([String], header: Bool)
        case cells(column: String, pattern: String, header: Bool)
        case rectangle(x: Int, y: Int, width: Int, height: Int)
    }

    let kind: Kind

    /// Every cell of the columns with these keys (header cells too when `header` is true).
    public static func columns(_ keys: String..., header: Bool = false) -> SnapshotMask {
        SnapshotMask(kind: .columns(keys, header: header))
    }

    /// The cells of column `key` whose text, as rendered (formatted), contains a match of the
    /// regular expression `pattern` (anchor it with `^…$` for whole texts).
    public static func cells(column key: String, matching pattern: String, header: Bool = false) -> SnapshotMask {
        SnapshotMask(kind: .cells(column: key, pattern: pattern, header: header))
    }

    /// A rectangle in pixels of the snapshot image (so it does not follow a change of scale).
    public static func rectangle(x: Int, y: Int, width: Int, height: Int) -> SnapshotMask {
        SnapshotMask(kind: .rectangle(x: x, y: y, width: width, height: height))
    }

    /// What the mask is, for messages: `.columns("a", "b")`.
    var label: String {
        func quoted(_ text: String) -> String { "\"\(escapeForMessage(text))\"" }
        switch kind {
        case .columns(let keys, let header):
            return ".columns(\(keys.map(quoted).joined(separator: ", "))\(header ? ", header: true" : ""))"
        case .cells(let column, let pattern, let header):
            return ".cells(column: \(quoted(column)), matching: \(quoted(pattern))\(header ? ", header: true" : ""))"
        case .rectangle(let x, let y, let width, let height):
            return ".rectangle(x: \(x), y: \(y), width: \(width), height: \(height))"
        }
    }

    /// The rectangles `masks` cover in an image of `imageSize` pixels rendered from `document`
    /// (with `theme` overriding its own, as the strategy rendered it). A column the document does
    /// not have, a pattern that does not compile or a rectangle of no area is one error line.
    package static func rectangles(_ masks: [SnapshotMask], document: Document, theme: String?,
                                   imageSize: ComparisonResult.Size) throws(ImageError) -> [ComparisonResult.Rect] {
        var rects: [ComparisonResult.Rect] = []
        var placed: SemanticMask.Placed?
        for mask in masks {
            let origin = "mask " + mask.label
            let columns: [String], regex: NSRegularExpression?, header: Bool
            switch mask.kind {
            case .rectangle(let x, let y, let width, let height):
                guard x >= 0, y >= 0, width > 0, height > 0 else {
                    throw ImageError(origin + ": expected x, y ≥ 0 and width, height > 0")
                }
                rects.append(.init(x: x, y: y, width: width, height: height))
                continue
            case .columns(let keys, let flag):
                guard !keys.isEmpty else { throw ImageError(origin + ": name at least one column") }
                columns = keys; regex = nil; header = flag
            case .cells(let column, let pattern, let flag):
                columns = [column]; regex = try SemanticMask.regex(pattern, origin: origin); header = flag
            }
            if placed == nil {
                placed = try SemanticMask.place({ scale in try document.prepare(theme: theme, scale: scale) },
                                                name: "the document", imageSize: imageSize, origin: origin)
            }
            guard let placed else { continue }
            for key in columns where !placed.keys.contains(key) {
                throw ImageError(origin + ": unknown column \"\(escapeForMessage(key))\" (columns: \(placed.keys.joined(separator: ", ")))")
            }
            rects += SemanticMask.cellFrames(placed, columns: columns, match: regex, header: header)
        }
        return rects
    }
}
