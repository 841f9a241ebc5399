// The one import for Swift users: `import GridRender` brings the document model, the layout
// core and the renderer, plus the SwiftUI-like conveniences of this module.
@_exported import GridDocument
@_exported import GridDrawing
@_exported import GridLayout
