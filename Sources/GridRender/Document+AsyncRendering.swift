import Dispatch
import Foundation
public import GridDocument

/// The `async` twins of the rendering calls. Rendering is CPU-bound and blocking (Cairo, Pango,
/// zlib), so each runs on a Dispatch global queue and suspends the caller meanwhile, leaving
/// Swift's cooperative thread pool free for other tasks. Same names and arguments as the
/// synchronous calls; async code calls them with `await`.
extension Document {
    /// Renders to the file at `path` off the cooperative pool (see ``render(to:theme:options:)-(String,_,_)``).
    public func render(to path: String, theme: Theme? = nil, options: RenderOptions = RenderOptions()) async throws(GridRenderError) {
        try await Self.offCooperativePool { () throws(GridRenderError) in try self.render(to: path, theme: theme, options: options) }
    }

    /// Renders to the file at `url` off the cooperative pool.
    public func render(to url: URL, theme: Theme? = nil, options: RenderOptions = RenderOptions()) async throws(GridRenderError) {
        try await Self.offCooperativePool { () throws(GridRenderError) in try self.render(to: url, theme: theme, options: options) }
    }

    /// The document as a PNG image, rendered off the cooperative pool.
    public func pngData(scale: Double? = nil, theme: Theme? = nil, options: RenderOptions = RenderOptions()) async throws(GridRenderError) -> Data {
        try await Self.offCooperativePool { () throws(GridRenderError) in try self.pngData(scale: scale, theme: theme, options: options) }
    }

    /// The document as an SVG image, rendered off the cooperative pool.
    public func svgData(theme: Theme? = nil, options: RenderOptions = RenderOptions()) async throws(GridRenderError) -> Data {
        try await Self.offCooperativePool { () throws(GridRenderError) in try self.svgData(theme: theme, options: options) }
    }

    /// The document as a PDF, rendered off the cooperative pool.
    public func pdfData(theme: Theme? = nil, options: RenderOptions = RenderOptions()) async throws(GridRenderError) -> Data {
        try await Self.offCooperativePool { () throws(GridRenderError) in try self.pdfData(theme: theme, options: options) }
    }

    /// Runs `work` on a global Dispatch queue and resumes the caller with its result.
    static func offCooperativePool<T: Sendable>(
        _ work: @escaping @Sendable () throws(GridRenderError) -> T
    ) async throws(GridRenderError) -> T {
        let result: Result<T, GridRenderError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { () throws(GridRenderError) -> T in try work() })
            }
        }
        return try result.get()
    }
}
