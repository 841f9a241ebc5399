import ArgumentParser
import Foundation
import GridDocument
import GridSnapshot

/// `gridrender accept EXPECTED_DIR ACTUAL_DIR [PATH…] [--prune]` (DESIGN §9): the one step that
/// follows a reviewed `compare` of two folders, with `compare`'s options (`ComparisonFlags`), so it
/// copies exactly what that comparison reported. Exit 0 when everything selected was accepted, 2 on
/// bad usage or an image that could not be read (the others are still accepted).
struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Copy the images compare reports as changed or added over their references (same options as compare).",
        discussion: """
        Pairs images by relative path like `compare EXPECTED_DIR ACTUAL_DIR` and takes the same \
        comparison options (--preset, thresholds, --mask …): exactly the images that compare with \
        those options reports as changed or added are copied (each atomically, byte for byte); \
        masked differences or differences within the thresholds leave the reference alone. \
        References whose new image is gone are removed only with --prune. PATHs (relative paths \
        or folders, taken literally; patterns only with --glob) limit the work to those images. \
        Folders nested in each other are refused. Put -- before the folders when a name could \
        start with "-": gridrender accept -- ref out -h.png
        """)

    @Argument(help: "The folder of reference images (updated).")
    var expected: String

    @Argument(help: "The folder of new images (read only).")
    var actual: String

    @Argument(help: "Relative paths or folders to accept, taken literally (default: everything).")
    var paths: [String] = []

    @Flag(help: "Remove references whose new image is gone.")
    var prune = false

    @Flag(help: "Treat the PATHs as fnmatch patterns (*, ?, [...]) as well as literal paths.")
    var glob = false

    @OptionGroup var comparison: ComparisonFlags

    func run() throws {
        let entries: [FolderComparison.Entry]
        do {
            let options = try comparison.options(), budget = try comparison.pixelBudget(), mask = try comparison.loadMask()
            // The new images' folder is read only: the references may not be inside it, nor it
            // inside them (`accept ref ref/new --prune` would delete new images).
            var plan = OutputPlan()
            plan.readsFolder(actual, as: "the new images")
            plan.readsFolder(expected, as: "the references, updated", readOnly: false)
            if let message = plan.clash() { throw CompareCommand.CompareError(message: message) }
            let selected: [FolderComparison.Pair]
            do throws(ImageError) {
                selected = try FolderAcceptance.select(FolderComparison.pairs(expected: expected, actual: actual), paths: paths, glob: glob)
            } catch {
                throw CompareCommand.CompareError(error)
            }
            let expectedDir = expected, actualDir = actual
            entries = BatchRunner(jobs: ProcessInfo.processInfo.activeProcessorCount).run(selected) { pair in
                FolderComparison.compare(pair, expected: expectedDir, actual: actualDir, options: options, mask: mask, pixelBudget: budget)
            }
            // What will be written, known now: no reference written or removed may be the mask or
            // a new image (a hard link, a symbolic link), checked before the first copy.
            if let maskFile = comparison.mask { plan.reads(maskFile, as: "the --mask file") }
            for entry in entries {
                let reference = expected + "/" + entry.path
                switch entry.status {
                case .changed, .added: plan.writes(reference, as: "a reference to update")
                case .removed where prune: plan.writes(reference, as: "a reference to remove")
                default: break
                }
                if entry.status != .removed { plan.reads(actual + "/" + entry.path, as: "a new image") }
            }
            if let message = plan.clash() { throw CompareCommand.CompareError(message: message) }
        } catch let failure as CompareCommand.CompareError {
            throw fail(failure.message)
        }
        let outcomes = FolderAcceptance.accept(entries, expected: expected, actual: actual, prune: prune)
        var counts: [FolderAcceptance.Action: Int] = [:]
        for outcome in outcomes {
            counts[outcome.action, default: 0] += 1
            switch outcome.action {
            case .updated, .added, .removed: print("\(outcome.action.rawValue): \(escapeForMessage(outcome.path))")
            case .kept: print("kept: \(escapeForMessage(outcome.path)) (its new image is gone; --prune removes it)")
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
