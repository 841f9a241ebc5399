import Foundation
import GridDocument
#if canImport(Glibc)
import Glibc
#endif

/// `gridrender accept EXPECTED_DIR ACTUAL_DIR [PATH…]`: makes the new images the references.
///
/// Changed and added images are copied over the references, each atomically (temporary file in
/// the reference folder, then rename), and only when they differ in what a viewer sees
/// (`FolderComparison.differsByPixels`): a PNG re-encoded with the same pixels leaves its reference
/// untouched, so accepting never churns files in version control. References whose new image is
/// gone are removed only with `prune`. PATHs limit the work to those relative paths, folders
/// (`sub` or `sub/`) or globs.
package enum FolderAcceptance {
    package enum Action: String, Sendable, Codable {
        /// A changed image copied over its reference.
        case updated
        /// A new image copied to a new reference.
        case added
        /// A reference without a new image, removed (`--prune`).
        case removed
        /// A reference without a new image, kept (no `--prune`).
        case kept
        /// The same pixels: nothing written.
        case unchanged
        /// The pair could not be read; nothing written.
        case error
    }

    package struct Outcome: Sendable {
        package var path: String
        package var action: Action
        package var message: String?
    }

    /// The pairs a list of PATH arguments selects; a PATH that selects nothing is an error.
    /// A PATH is taken literally (a relative path, or a folder: `sub` or `sub/`), so an image
    /// named `*.png` selects itself only; with `glob` it is an `fnmatch` pattern as well.
    package static func select(_ pairs: [FolderComparison.Pair], paths: [String], glob: Bool = false) throws(ImageError) -> [FolderComparison.Pair] {
        guard !paths.isEmpty else { return pairs }
        var chosen = Set<String>()
        for raw in paths {
            let path = raw.hasPrefix("./") ? String(raw.dropFirst(2)) : raw
            let folder = path.hasSuffix("/") ? path : path + "/"
            let matches = pairs.filter {
                $0.path == path || $0.path.hasPrefix(folder) || (glob && fnmatch(path, $0.path, 0) == 0)
            }
            if matches.isEmpty { throw ImageError(file: raw, "matches no image in either folder") }
            for pair in matches { chosen.insert(pair.path) }
        }
        return pairs.filter { chosen.contains($0.path) }
    }

    /// Accepts what a folder comparison reported (`FolderComparison.compare` with the options the
    /// user gave `compare`): changed and added images are copied, removed ones deleted with
    /// `prune`; unchanged pairs (masked or within the thresholds) are left alone.
    package static func accept(_ entries: [FolderComparison.Entry], expected: String, actual: String, prune: Bool) -> [Outcome] {
        entries.map { entry in
            let reference = expected + "/" + entry.path, new = actual + "/" + entry.path
            do throws(ImageError) {
                switch entry.status {
                case .added:
                    try copy(new, over: reference)
                    return Outcome(path: entry.path, action: .added)
                case .removed:
                    guard prune else { return Outcome(path: entry.path, action: .kept) }
                    if PathBytes.withCString(reference, { unlink($0) }) != 0 {
                        throw ImageError(file: reference, "cannot remove (\(String(cString: strerror(errno))))")
                    }
                    return Outcome(path: entry.path, action: .removed)
                case .changed:
                    try copy(new, over: reference)
                    return Outcome(path: entry.path, action: .updated)
                case .unchanged:
                    return Outcome(path: entry.path, action: .unchanged)
                case .error:
                    return Outcome(path: entry.path, action: .error, message: entry.message)
                }
            } catch {
                return Outcome(path: entry.path, action: .error, message: error.description)
            }
        }
    }

    /// Accepts the selected pairs as the strict preset sees them, copying an image whenever its
    /// pixels differ at all; every pair is attempted even when one fails.
    package static func accept(_ pairs: [FolderComparison.Pair], expected: String, actual: String, prune: Bool,
                              pixelBudget: UInt64 = StreamingComparison.defaultPixelBudget) -> [Outcome] {
        pairs.map { pair in
            let reference = expected + "/" + pair.path, new = actual + "/" + pair.path
            do throws(ImageError) {
                switch (pair.inExpected, pair.inActual) {
                case (false, _):
                    try copy(new, over: reference)
                    return Outcome(path: pair.path, action: .added)
                case (_, false):
                    guard prune else { return Outcome(path: pair.path, action: .kept) }
                    if PathBytes.withCString(reference, { unlink($0) }) != 0 {
                        throw ImageError(file: reference, "cannot remove (\(String(cString: strerror(errno))))")
                    }
                    return Outcome(path: pair.path, action: .removed)
                default:
                    guard try FolderComparison.differsByPixels(pair, expected: expected, actual: actual, pixelBudget: pixelBudget) else {
                        return Outcome(path: pair.path, action: .unchanged)
                    }
                    try copy(new, over: reference)
                    return Outcome(path: pair.path, action: .updated)
                }
            } catch {
                return Outcome(path: pair.path, action: .error, message: error.description)
            }
        }
    }

    /// Copies a file over another atomically, keeping the bytes as they are (no re-encoding).
    static func copy(_ source: String, over target: String) throws(ImageError) {
        // The writer has created the temporary file already: its bytes are written into it.
        try FileIO.write(try FileIO.read(source), to: target)
    }
}
