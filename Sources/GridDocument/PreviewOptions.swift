import GridLayout

/// Quick-preview settings the CLI offers on top of a document (`--padding`, `--stretch`, the
/// default padding of a titled bare table or a Markdown one): changes to the canvas and the horizontal
/// distribution, applied after `DocumentOverrides` and before `prepare`.
package struct PreviewOptions: Sendable, Hashable {
    /// Replaces `canvas.padding` on every side (`--padding PT`).
    public var padding: Double?
    /// Widens the columns to the canvas width as `distribution: stretch` does (`--stretch`).
    public var stretch = false
    /// Whether the document is a bare table (CSV, TSV or Markdown) that sets no padding of its
    /// own: a title then gets `defaultTitledPadding` so its text does not touch the image edge.
    public var bareTable = false
    /// Whether that bare table is Markdown: a documentation image, which gets
    /// `defaultTitledPadding` titled or not, so the grid does not touch the image edge.
    public var markdown = false

    /// The padding a titled bare table gets when `--padding` is not given, in points.
    public static let defaultTitledPadding = 12.0

    public init(padding: Double? = nil, stretch: Bool = false, bareTable: Bool = false, markdown: Bool = false) {
        self.padding = padding; self.stretch = stretch; self.bareTable = bareTable; self.markdown = markdown
    }
}

extension Document {
    /// This document with `preview` applied. `--stretch` needs a canvas width (`--width` or
    /// `canvas.width`, given as `width`): without one there is nothing to widen to, which is an
    /// error naming the option.
    package func applying(_ preview: PreviewOptions, width: Double? = nil) throws(DocumentError) -> Document {
        var d = self
        if let padding = preview.padding {
            guard padding.isFinite, padding >= 0 else {
                throw DocumentError(file: file, keyPath: "--padding", "expected a length ≥ 0, found \(NodeDecoder(file: nil).format(padding))")
            }
            d.canvas.padding = Insets(all: padding)
        } else if preview.bareTable, title != nil || preview.markdown, canvas.padding == Insets(all: 0) {
            d.canvas.padding = Insets(all: PreviewOptions.defaultTitledPadding)
        }
        if preview.stretch {
            guard (width ?? canvas.width) != nil else {
                throw DocumentError(file: file, keyPath: "--stretch", "needs a canvas width to widen the columns to: give --width or canvas.width")
            }
            d.layout.distribution.horizontal = .stretch
        }
        return d
    }
}
