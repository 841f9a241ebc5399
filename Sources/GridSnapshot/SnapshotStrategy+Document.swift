import Foundation
import GridDocument
internal import GridDrawing

/// Renders documents and prepared grids through GridDrawing for snapshot strategies.
package enum DocumentRendering {
    /// The document prepared (theme, data, columns) and rendered as a decoded image. `scale`
    /// overrides `canvas.scale`; `theme` overrides the document's theme as `--theme` does.
    package static func png(_ document: Document, scale: Double? = nil, theme: String? = nil,
                           options: RenderOptions = RenderOptions()) throws -> RGBAImage {
        try png(document.prepare(theme: theme, scale: scale), options: options)
    }

    package static func png(_ grid: PreparedGrid, scale: Double? = nil, options: RenderOptions = RenderOptions()) throws -> RGBAImage {
        var options = options
        if let scale { options.scale = scale }
        return try RGBAImage(pngData: GridRenderer.render(grid, format: .png, options: options))
    }

    /// SVG text, normalised (`SVGNormalizer`): ids renumbered, one tag per line.
    package static func svg(_ document: Document, theme: String? = nil, options: RenderOptions = RenderOptions()) throws -> String {
        try svg(document.prepare(theme: theme), options: options)
    }

    package static func svg(_ grid: PreparedGrid, options: RenderOptions = RenderOptions()) throws -> String {
        SVGNormalizer.normalize(String(decoding: try GridRenderer.render(grid, format: .svg, options: options), as: UTF8.self))
    }

    /// PDF bytes (deterministic: Cairo's creation date is fixed by the renderer).
    package static func pdf(_ document: Document, theme: String? = nil, options: RenderOptions = RenderOptions()) throws -> Data {
        Data(try GridRenderer.render(document.prepare(theme: theme), format: .pdf, options: options))
    }
}

extension SnapshotStrategy where Value == Document, Format == RGBAImage {
    /// The document rendered to PNG at its own scale, compared under `perceptual`.
    public static var png: SnapshotStrategy { .png() }

    /// The document rendered to PNG (at `scale` when given, else `canvas.scale`) and compared as
    /// decoded pixels under `options`: `assertSnapshot(of: document, as: .png(.strict, scale: 2))`.
    /// `masks` leave columns, matching cells or rectangles out of the comparison, resolved through
    /// the document at the image's scale (`SnapshotMask`); an unknown column fails the assertion.
    public static func png(_ options: ComparisonOptions = .perceptual, scale: Double? = nil, theme: String? = nil,
                           render: RenderOptions = RenderOptions(), masks: [SnapshotMask] = []) -> SnapshotStrategy {
        var strategy = SnapshotStrategy<RGBAImage, RGBAImage>.png(options).pullback { document in
            try DocumentRendering.png(document, scale: scale, theme: theme, options: render)
        }
        if !masks.isEmpty {
            strategy.masks = { document, image in
                try SnapshotMask.rectangles(masks, document: document, theme: theme,
                                            imageSize: .init(width: image.width, height: image.height))
            }
        }
        return strategy
    }

    /// The document rendered to SVG, rasterized with `rsvg-convert` and compared in pixels (default
    /// `perceptual`); stored as PNG, so it can share a reference with `.png` of the same document.
    public static func svgRasterized(_ options: ComparisonOptions = .perceptual, theme: String? = nil,
                                     render: RenderOptions = RenderOptions()) -> SnapshotStrategy {
        SnapshotStrategy<String, RGBAImage>.svgRasterized(options).pullback { document in
            try DocumentRendering.svg(document, theme: theme, options: render)
        }
    }

    /// Page `page` (1-based) of the document rendered to PDF, rasterized with `pdftoppm` at `dpi`
    /// (72 = one pixel per point) and compared in pixels.
    public static func pdfPage(_ page: Int, dpi: Int = 72, _ options: ComparisonOptions = .perceptual,
                               theme: String? = nil, render: RenderOptions = RenderOptions()) -> SnapshotStrategy {
        SnapshotStrategy<RGBAImage, RGBAImage>.png(options).pullback { document in
            try PDFRasterizer.rasterize(DocumentRendering.pdf(document, theme: theme, options: render), page: page, dpi: dpi)
        }
    }
}

extension SnapshotStrategy where Value == Document, Format == String {
    /// The document rendered to SVG and compared as normalised text; stored as `.svg`.
    public static var svg: SnapshotStrategy { .svg() }

    public static func svg(theme: String? = nil, render: RenderOptions = RenderOptions()) -> SnapshotStrategy {
        SnapshotStrategy<String, String>.svgText.pullback { document in
            try DocumentRendering.svg(document, theme: theme, options: render)
        }
    }
}

extension SnapshotStrategy where Value == PreparedGrid, Format == RGBAImage {
    /// A prepared grid (built in code or by `Document.prepare`) rendered to PNG, compared under `perceptual`.
    package static var png: SnapshotStrategy { .png() }

    package static func png(_ options: ComparisonOptions = .perceptual, scale: Double? = nil,
                           render: RenderOptions = RenderOptions()) -> SnapshotStrategy {
        SnapshotStrategy<RGBAImage, RGBAImage>.png(options).pullback { grid in
            try DocumentRendering.png(grid, scale: scale, options: render)
        }
    }
}

extension SnapshotStrategy where Value == PreparedGrid, Format == String {
    /// A prepared grid rendered to SVG and compared as normalised text.
    package static var svg: SnapshotStrategy {
        SnapshotStrategy<String, String>.svgText.pullback { grid in try DocumentRendering.svg(grid) }
    }
}
