import ArgumentParser
import Foundation
import GridSnapshot

/// `gridrender accept EXPECTED_DIR ACTUAL_DIR [PATH…] [--prune]` (DESIGN §9): the one step that
/// follows a reviewed `compare` of two folders. Exit 0 when everything selected was accepted, 2 on
/// bad usage or an image that could not be read (the others are still accepted).
struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Copy changed and added images over their references (only those that differ in pixels).",
        discussion: """
        Pairs images by relative path like `compare EXPECTED_DIR ACTUAL_DIR`. Each copy is atomic \
        and byte-for-byte; an image with the same pixels as its reference is left alone. References \
        whose new image is gone are removed only with --prune. PATHs (relative paths, folders or \
        globs) limit the work to those images.
        """)

    @Argument(help: "The folder of reference images (updated).")
    var expected: String

    @Argument(help: "The folder of new images (read only).")
    var actual: String

    @Argument(help: "Relative paths, folders or globs to accept (default: everything).")
    var paths: [String] = []

    @Flag(help: "Remove references whose new image is gone.")
    var prune = false

    @Option(name: .customLong("max-image-pixels"),
            help: ArgumentHelp("Refuse images with more pixels than this, before decoding (default 400000000).", valueName: "N"))
    var maxImagePixels: Int?

    func run() throws {
        if let maxImagePixels, maxImagePixels < 1 {
            throw fail("--max-image-pixels: expected a count of 1 or more, found \(maxImagePixels)")
        }
        let selected: [FolderComparison.Pair]
        do {
            selected = try FolderAcceptance.select(FolderComparison.pairs(expected: expected, actual: actual), paths: paths)
        } catch {
            throw fail(error)
        }
        let outcomes = FolderAcceptance.accept(selected, expected: expected, actual: actual, prune: prune,
                                               pixelBudget: maxImagePixels.map(UInt64.init) ?? StreamingComparison.defaultPixelBudget)
        var counts: [FolderAcceptance.Action: Int] = [:]
        for outcome in outcomes {
            counts[outcome.action, default: 0] += 1
            switch outcome.action {
            case .updated, .added, .removed: print("\(outcome.action.rawValue): \(outcome.path)")
            case .kept: print("kept: \(outcome.path) (its new image is gone; --prune removes it)")
            case .error: FileHandle.standardError.write(Data("error: \(outcome.message ?? outcome.path)\n".utf8))
            case .unchanged: break
            }
        }
        var summary = "accepted \(counts[.updated, default: 0]) changed, \(counts[.added, default: 0]) added"
        summary += prune ? ", removed \(counts[.removed, default: 0])" : ", kept \(counts[.kept, default: 0]) without a new image"
        summary += "; \(counts[.unchanged, default: 0]) unchanged"
        print(summary)
        if counts[.error, default: 0] > 0 { throw ExitCode(2) }
    }
}
