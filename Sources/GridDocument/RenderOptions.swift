/// libpng row filters. `none` is the default: on table images it is about twice as fast as
/// adaptive filtering and still smaller than Cairo's own writer (DESIGN.md §5).
public enum PNGFilter: String, Sendable, Hashable, CaseIterable {
    case none, sub, up, average, paeth
    /// libpng's per-row adaptive choice among all five.
    case adaptive

    /// libpng's filter bits (GridDrawing's PNG encoder).
    package var mask: Int32 {
        switch self {
        case .none: 0x08
        case .sub: 0x10
        case .up: 0x20
        case .average: 0x40
        case .paeth: 0x80
        case .adaptive: 0xF8
        }
    }
}

/// How to render, beyond what the document says. A plain value kept in the document module, not
/// in GridDrawing, so that the `GridRender` facade and GridSnapshot's strategies can name it in
/// their public API while importing the drawing engine internally.
public struct RenderOptions: Sendable {
    /// The deflate level PNG uses unless told otherwise.
    public static let defaultPNGCompression = 2
    /// Overrides the document's `fonts` (`--fonts`).
    public var fonts: PreparedGrid.FontMode?
    /// The pinned font stack's directories (`--font-dir`, repeatable), replacing the default
    /// stack (DejaVu, Noto, Noto CJK, Noto Color Emoji) when not empty.
    public var fontDirectories: [String]
    /// The single pinned font directory: `fontDirectories` when it holds one (nil = the default stack).
    public var fontDirectory: String? {
        get { fontDirectories.first }
        set { fontDirectories = newValue.map { [$0] } ?? [] }
    }
    /// Overrides the document's `canvas.scale` (`--scale`), 0 < scale ≤ 16.
    public var scale: Double?
    /// Deflate level 0…9 for PNG: 1 and 2 with ISA-L's igzip (about 7× zlib level 2's speed on
    /// table images, files ~13 % bigger), 0 and 3…9 with zlib. The default, 2, is the fast one
    /// (docs/performance.md); the pixels are the same at every level.
    public var pngCompression: Int
    public var pngFilter: PNGFilter
    /// Threads painting PNG bands: nil = the online processors (or `GRIDRENDER_THREADS`), and
    /// one thread for images under 2 Mpx. The bytes do not depend on it.
    public var paintThreads: Int?
    /// Called with each warning (an unknown font family that fell back), once per message.
    public var warningHandler: (@Sendable (String) -> Void)?
    /// Replace an output file that has no write permission (`--force`); refused otherwise.
    package var force = false
    /// Called after a file is written, with the line saying what it holds:
    /// `wrote out.png (640×480 px, 1 page)` (the CLI prints it when standard error is a terminal).
    package var writtenHandler: (@Sendable (String) -> Void)?
    /// Whether a PDF is tagged (a structure tree of the table, `/MarkInfo`, `/Lang`): the
    /// default; `render --untagged` turns it off and gives the bytes of before (issue 30).
    package var taggedPDF = true
    /// Whether an SVG carries its table's roles, title and description (`SVGAccessibility`):
    /// the default; `render --untagged` turns it off too (issue 30).
    package var accessibleSVG = true

    public init(fonts: PreparedGrid.FontMode? = nil, fontDirectory: String? = nil, fontDirectories: [String] = [], scale: Double? = nil,
                pngCompression: Int = RenderOptions.defaultPNGCompression, pngFilter: PNGFilter = .none,
                paintThreads: Int? = nil, warningHandler: (@Sendable (String) -> Void)? = nil) {
        self.paintThreads = paintThreads
        self.fonts = fonts; self.scale = scale
        self.fontDirectories = fontDirectories.isEmpty ? (fontDirectory.map { [$0] } ?? []) : fontDirectories
        self.pngCompression = pngCompression; self.pngFilter = pngFilter; self.warningHandler = warningHandler
    }
}
