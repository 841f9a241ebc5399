#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one render may consume, checked before the work that would consume it: a CSV record
/// is refused at its field past the column budget, not after a million empty strings exist; a
/// cell image's decoded size is added up from PNG headers before anything is decoded.
///
/// The defaults keep any accepted input inside the resource promise of docs/robustness.md
/// (a 2-core, 24 GiB machine). Each can be raised for one process through the environment
/// variable named beside it, or per document by setting `Document.budget` in Swift.
public struct InputBudget: Sendable, Hashable {
    /// Cells of a table (rows × columns, header included): `GRIDRENDER_MAX_CELLS`.
    public var cells: Int
    /// Columns of a table (fields of one CSV record): `GRIDRENDER_MAX_COLUMNS`.
    public var columns: Int
    /// UTF-8 bytes of text in one cell (or title, subtitle, footnote): `GRIDRENDER_MAX_CELL_BYTES`.
    public var cellTextBytes: Int
    /// UTF-8 bytes of text in one document, after YAML aliases are expanded:
    /// `GRIDRENDER_MAX_TEXT_BYTES`.
    public var textBytes: Int
    /// Bytes of decoded cell images in one render (4 per pixel, each distinct file once):
    /// `GRIDRENDER_MAX_IMAGE_BYTES`.
    public var imageBytes: Int
    /// Font changes in one text (bold, italic and code spans, runs of another script), past
    /// which the text is set in its own font with a warning: `GRIDRENDER_MAX_FONT_CHANGES`.
    /// Read from `standard` by the drawing module (one value per process).
    public var fontChanges: Int
    /// Line (paragraph) breaks in one text, past which they are shown as spaces with a warning:
    /// `GRIDRENDER_MAX_LINE_BREAKS`. Read from `standard` by the drawing module.
    public var lineBreaks: Int

    public init(cells: Int = defaultCells, columns: Int = 16_384, cellTextBytes: Int = 1 << 20,
                textBytes: Int = 256 << 20, imageBytes: Int = 1 << 30, fontChanges: Int = 32_768,
                lineBreaks: Int = 4_096) {
        self.cells = cells; self.columns = columns; self.cellTextBytes = cellTextBytes
        self.textBytes = textBytes; self.imageBytes = imageBytes; self.fontChanges = fontChanges
        self.lineBreaks = lineBreaks
    }

    /// 20,000,000 cells (DESIGN.md §8's table limit).
    public static let defaultCells = 20_000_000

    /// The defaults, with any of the environment variables above applied (read once).
    public static let standard: InputBudget = {
        var b = InputBudget()
        func env(_ name: String, _ value: inout Int) {
            guard let raw = getenv(name), let v = Int(String(cString: raw)), v > 0 else { return }
            value = v
        }
        env("GRIDRENDER_MAX_CELLS", &b.cells)
        env("GRIDRENDER_MAX_COLUMNS", &b.columns)
        env("GRIDRENDER_MAX_CELL_BYTES", &b.cellTextBytes)
        env("GRIDRENDER_MAX_TEXT_BYTES", &b.textBytes)
        env("GRIDRENDER_MAX_IMAGE_BYTES", &b.imageBytes)
        env("GRIDRENDER_MAX_FONT_CHANGES", &b.fontChanges)
        env("GRIDRENDER_MAX_LINE_BREAKS", &b.lineBreaks)
        return b
    }()

    /// "… (raise it with GRIDRENDER_MAX_COLUMNS)": every budget message ends with how to raise it.
    package static func hint(_ variable: String) -> String { "raise it with \(variable)" }

    func tooManyColumns(_ count: Int) -> String {
        "more than \(FileIO.grouped(columns)) columns (found \(count > columns ? "at least " : "")\(FileIO.grouped(count))); the column budget is \(FileIO.grouped(columns)) (\(Self.hint("GRIDRENDER_MAX_COLUMNS")))"
    }

    func tooManyCells(rows: Int, columns count: Int) -> String {
        "the table has \(FileIO.grouped(rows)) rows of \(FileIO.grouped(count)) columns, more than \(FileIO.grouped(cells)) cells in all (\(Self.hint("GRIDRENDER_MAX_CELLS")))"
    }

    func cellTooLong(_ bytes: Int) -> String {
        "the text is \(FileIO.grouped(bytes)) bytes long; a cell holds at most \(FileIO.grouped(cellTextBytes)) bytes (\(Self.hint("GRIDRENDER_MAX_CELL_BYTES")))"
    }

    func tooMuchText(_ bytes: Int) -> String {
        "the document holds more than \(FileIO.grouped(textBytes)) bytes of text (\(FileIO.grouped(bytes)) so far); \(Self.hint("GRIDRENDER_MAX_TEXT_BYTES"))"
    }
}

/// The distinct image files of one render and the bytes they decode to.
final class ImageTally {
    let budget: InputBudget
    var seen = Set<String>()
    var bytes = 0
    init(budget: InputBudget) { self.budget = budget }
}

/// Counts text bytes as they are built, against one budget. A reference type so the value-typed
/// decoder can add to it from anywhere in the tree.
final class TextTally: @unchecked Sendable {  // used by one decoding thread at a time
    let budget: InputBudget
    private(set) var bytes = 0

    init(budget: InputBudget) { self.budget = budget }

    /// Adds `count` bytes of one cell's text; the message to report when over either budget.
    func add(_ count: Int) -> String? {
        if count > budget.cellTextBytes { return budget.cellTooLong(count) }
        bytes += count
        return bytes > budget.textBytes ? budget.tooMuchText(bytes) : nil
    }
}
