import GridDocument
import GridLayout

/// Where the grid sits on the canvas, for callers that map cells to image pixels (semantic
/// comparison masks, `GridSnapshot.SemanticMask`).
package struct GridPlacement: Sendable {
    /// The grid's layout; cell frames are relative to `gridX`, `gridY`.
    package var layout: Layout
    /// The grid area's top-left corner on the canvas, in points.
    package var gridX: Double
    package var gridY: Double
    /// The canvas in points.
    package var canvasWidth: Double
    package var canvasHeight: Double
    /// The PNG this grid renders to, in pixels (at `grid.scale`).
    package var pixelWidth: Int
    package var pixelHeight: Int
}

extension GridRenderer {
    /// The layout `render` paints, with the grid's place on the canvas and the PNG's pixel size.
    package static func placement(_ grid: PreparedGrid, options: RenderOptions = RenderOptions()) throws -> GridPlacement {
        let job = try RenderJob(grid, options: options, format: .png)
        let size = try job.pixelSize()
        return GridPlacement(layout: job.layout, gridX: job.frame.gridOrigin.x, gridY: job.frame.gridOrigin.y,
                             canvasWidth: job.frame.size.width, canvasHeight: job.frame.size.height,
                             pixelWidth: size.width, pixelHeight: size.height)
    }
}
