/// A rendering failure, as one line the CLI can print after `error: ` (exit code 1).
/// Cairo, Pango and libpng failures are turned into this at the wrapper that saw them,
/// so callers never see a C status code.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
