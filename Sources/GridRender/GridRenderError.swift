import Foundation
internal import GridDocument
internal import GridDrawing

/// Why loading, laying out or rendering a document failed: the one error type every throwing
/// call of GridRender throws (`throws(GridRenderError)`).
///
/// Switch on the case to react, or print it: ``description`` and `localizedDescription` are the
/// one-line message the `gridrender` command prints after `error: `, for example
/// `people.json:12: columns[2].width: expected a number, "auto" or an object, found "wide"`.
///
/// ```swift
/// do {
///     try Document.load(path: "report.json").render(to: "report.pdf")
/// } catch .invalidDocument(let file, let line, let keyPath, _) {
///     print("fix \(file ?? "the document"):\(line ?? 0) at \(keyPath ?? "the top")")
/// } catch {
///     print(error)   // the one-line message
/// }
/// ```
public enum GridRenderError: Error, Sendable, Hashable {
    /// The input is wrong: the document, or a data, theme or image file it names, cannot be read
    /// or breaks a rule of the format. `file` is the input as named (nil for documents built in
    /// code), `line` 1-based where known, `keyPath` where in the document (`columns[2].width`).
    case invalidDocument(file: String?, line: Int?, keyPath: String?, message: String)
    /// The document is valid but cannot be rendered as asked: a canvas over the pixel limits, a
    /// scale out of range, an image cell that cannot be decoded, an output extension that is not
    /// `.png`, `.svg` or `.pdf`.
    case unrenderable(message: String)
    /// Drawing or writing failed (a full disk, a folder that cannot be written); an existing
    /// output file is left untouched.
    case renderFailed(message: String)

    /// The error of the document model, with its file, line and key path.
    init(_ error: DocumentError) {
        self = .invalidDocument(file: error.file, line: error.line, keyPath: error.keyPath, message: error.message)
    }

    /// The renderer's error: bad input (`isBadInput`) or a failure while drawing or writing.
    init(_ error: RenderError) {
        self = error.isBadInput ? .unrenderable(message: error.message) : .renderFailed(message: error.message)
    }

    /// Any error GridDocument or GridDrawing throws, as this type.
    init(any error: any Error) {
        switch error {
        case let e as GridRenderError: self = e
        case let e as DocumentError: self.init(e)
        case let e as RenderError: self.init(e)
        default: self = .renderFailed(message: "\(error)")
        }
    }

    /// The input file the error is about, where known (`invalidDocument` only).
    public var file: String? {
        if case .invalidDocument(let file, _, _, _) = self { return file } else { return nil }
    }

    /// The 1-based line in ``file``, where known.
    public var line: Int? {
        if case .invalidDocument(_, let line, _, _) = self { return line } else { return nil }
    }

    /// Where in the document (`columns[2].width`, `--theme`), where known.
    public var keyPath: String? {
        if case .invalidDocument(_, _, let keyPath, _) = self { return keyPath } else { return nil }
    }

    /// What is wrong, without the location.
    public var message: String {
        switch self {
        case .invalidDocument(_, _, _, let message), .unrenderable(let message), .renderFailed(let message): return message
        }
    }
}

extension GridRenderError: CustomStringConvertible, LocalizedError {
    /// The one-line message: `file:line: key.path: message` for invalid documents, the message
    /// alone otherwise.
    public var description: String {
        guard case .invalidDocument(let file, let line, let keyPath, let message) = self else { return message }
        return DocumentError(file: file, line: line, keyPath: keyPath, message).description
    }

    /// The one-line message, so `error.localizedDescription` says what went wrong.
    public var errorDescription: String? { description }
}

/// Runs a GridDocument/GridDrawing call and rethrows its error as ``GridRenderError``.
func translatingErrors<T>(_ body: () throws -> T) throws(GridRenderError) -> T {
    do { return try body() } catch { throw GridRenderError(any: error) }
}
