public import GridDocument

// The one import for Swift users. GridRender re-exports nothing wholesale: it names the three
// types a program starts from at the top level and nests everything else inside them, so
// `import GridRender` sits beside Foundation, Yams and SwiftUI-style names without ambiguity
// (no top-level `Color`, `Layout`, `Node` or `GridItem`). The CLI and the other targets of this
// package keep using GridDocument, GridLayout and GridDrawing directly, through `package` access.
//
// Imports: GridDrawing is `internal import` (no drawing type is in this module's public API; the
// render options a call takes are GridDocument's `RenderOptions`). GridDocument and GridLayout
// stay `public import`: `Document`, `Style`, `Theme` and the values nested in them are the
// document model's own types (typealiases here, so a document decoded from a file and one built
// in code are the same value), and the model's layout keys are GridLayout's (`TrackSize`,
// `Spacing`, `Insets`, `GridSpec`'s settings). Their engine-only declarations are `package`;
// docs/public-api.txt lists what is left, and PublicAPIListTests fails when it grows or when an
// engine module is imported publicly without being listed.

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
