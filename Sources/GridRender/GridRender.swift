public import GridDocument

// The one import for Swift users. GridRender re-exports nothing wholesale: it names the three
// types a program starts from at the top level and nests everything else inside them, so
// `import GridRender` sits beside Foundation, Yams and SwiftUI-style names without ambiguity
// (no top-level `Color`, `Layout`, `Node` or `GridItem`). The CLI and the other targets of this
// package keep using GridDocument, GridLayout and GridDrawing directly.

/// A grid or table to render: plain values, built in code or loaded from a JSON, YAML, CSV, TSV
/// or Markdown file.
///
/// Every key of the document format is a property (`doc.canvas.padding`, `doc.styles.header`,
/// `doc.gridLines`, `doc.selection.rows`, `doc.grid.columnSpacing`, …); `layout()`
/// says where everything goes and `render(to:)`, `pngData()`, `svgData()` and `pdfData()` paint it.
public typealias Document = GridDocument.Document

/// One layer of the style cascade (a cell, a row, the header…): every property optional, unset
/// properties inherit. `Style(background: "#102030", color: .white, font: .init(size: 11, weight: .bold))`.
public typealias Style = GridDocument.Style

/// A named look (styles, grid lines, canvas background): the presets `.striped` (the default),
/// `.plain`, `.dark`, `.minimal` and `.ledger`, a preset by name (`Theme.named("dark")`), a
/// theme file (`Theme.load(path:)`), or a preset extended in code (`Theme.dark.extended(with:)`).
public typealias Theme = GridDocument.Theme
