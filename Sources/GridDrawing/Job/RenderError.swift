/// A rendering failure, as one line the CLI can print after `error: ` (exit code 1).
/// Cairo, Pango and libpng failures are turned into this at the wrapper that saw them,
/// so callers never see a C status code.
package struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    /// True when the input is at fault rather than the renderer (a canvas over the pixel limits,
    /// a scale out of range, an image cell that cannot be decoded): the CLI exits with 2.
    package var isBadInput: Bool
    package init(_ message: String, badInput: Bool = false) { self.message = message; self.isBadInput = badInput }
    package var description: String { message }
}
