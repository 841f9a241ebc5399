import ArgumentParser
import Foundation
import GridDocument
import GridDrawing
import GridSnapshot

/// `gridrender compare EXPECTED ACTUAL`: compares two PNG images pixel by pixel, or two folders of
/// images pair by pair (DESIGN §6, §7, §9).
///
/// Exit codes: 0 the images match (folders: nothing changed), 1 they differ (folders: an image
/// changed, was added or removed), 2 bad usage or an unreadable image (one line
/// `error: <file>: <message>` on stderr, nothing written).
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG, SVG or PDF files, or two folders of images; exit 0 when nothing differs, 1 when something does, 2 on error.",
        discussion: """
        Pixels are compared decoded (straight RGBA), never as PNG bytes, row by row in bounded \
        memory. Presets: strict (channel tolerance 2, no differing pixel allowed) and perceptual \
        (also YIQ threshold 0.1, anti-aliasing ignored up to 1% of the pixels, at most 0.1% \
        differing and at most 8 in any 8x8 window). --threshold, --channel-tolerance, \
        --antialiasing, --max-pixels and --max-fraction adjust the preset; --channel-tolerance 0 \
        --threshold T counts exactly the pixels pixelmatch 7.2.0 counts. \
        Two SVG files are compared by normalised text and rasterized (rsvg-convert), two PDF \
        files by the rasters of all their pages (pdftoppm, 72 dpi), as in folders. \
        With two folders, images (PNG, SVG, PDF) are paired by relative path and reported as \
        changed, added, removed or unchanged; --report, --junit and --markdown publish the result.
        """)

    @Argument(help: "The reference image (PNG, SVG or PDF), or a folder of reference images.")
    var expected: String

    @Argument(help: "The image to check against it (the same format), or a folder of new images.")
    var actual: String

    @Option(help: ArgumentHelp("Write a diff image (expected | diff | actual) to this PNG file (one pair only).", valueName: "DIFF.png"))
    var diff: String?

    @OptionGroup var comparison: ComparisonFlags

    @Flag(help: "Print the comparison statistics as JSON (folders: every pair's).")
    var json = false

    @Option(help: ArgumentHelp("Write an HTML report to this folder (folders: a review page; one pair: adds to index.html).", valueName: "DIR"))
    var report: String?

    @Option(help: ArgumentHelp("Folders: write a JUnit XML file, one test case per image.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Folders: write a Markdown summary (for a CI job summary).", valueName: "FILE"))
    var markdown: String?

    @Option(help: ArgumentHelp("Folders: compare this many pairs at once (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Option(help: ArgumentHelp("Folders: compare only part I of N (1-based), chosen by a hash of each relative path; without it JOB_COMPLETION_INDEX (0-based) and JOB_COMPLETIONS are used when both are set. Join the parts' --json with merge-reports.", valueName: "I/N"))
    var shard: String?

    func run() throws {
        do {
            if isDirectory(expected) || isDirectory(actual) {
                let code = try compareFolders()
                if code != 0 { throw ExitCode(code) }
            } else {
                let matched = try compare()
                if !matched { throw ExitCode(1) }
            }
        } catch let failure as CompareError {
            throw fail(failure.message)
        }
    }

    struct CompareError: Error {
        var message: String
        init(message: String) { self.message = message }
        init(_ error: ImageError) { message = error.description }
    }

    private func isDirectory(_ path: String) -> Bool {
        PathBytes.isDirectory(path)
    }

    func options() throws(CompareError) -> ComparisonOptions { try comparison.options() }
    func pixelBudget() throws(CompareError) -> UInt64 { try comparison.pixelBudget() }
    func loadMask() throws(CompareError) -> ComparisonMask { try comparison.loadMask() }

    /// Returns whether the images match; throws only for usage and file errors.
    func compare() throws(CompareError) -> Bool {
        let options = try options()
        if let diff {
            // The diff may not replace either image being compared (refused before comparing).
            do { try AtomicFile.checkDestination(diff, policy: .init(protecting: [expected, actual])) } catch {
                throw CompareError(message: "\(error)")
            }
        }
        let budget = try pixelBudget()
        for (flag, value) in [("--junit", junit), ("--markdown", markdown), ("--shard", shard)] where value != nil {
            throw CompareError(message: "\(flag) needs two folders; \(expected) and \(actual) are files")
        }
        try checkPlan(pairs: [])
        let mask = try loadMask(), expectedPath = expected
        let masks: [GridSnapshot.ComparisonResult.Rect]
        do {
            masks = try mask.rectangles(for: PathBytes.lastComponent(expected)) { () throws(ImageError) in
                try FolderComparison.maskImageSize(expectedPath, kind: FolderComparison.Kind(path: expectedPath) ?? .png)
            }
        } catch {
            throw CompareError(error)
        }
        var diffPath = diff
        if diffPath == nil, report != nil {
            diffPath = reportFile("diff")
        }
        let kinds = (FolderComparison.Kind(path: expected), FolderComparison.Kind(path: actual))
        if kinds.0 == .svg || kinds.0 == .pdf || kinds.1 == .svg || kinds.1 == .pdf {
            guard kinds.0 == kinds.1, let kind = kinds.0 else {
                throw CompareError(message: "\(actual): cannot compare a .\(PathBytes.pathExtension(actual)) file with a .\(PathBytes.pathExtension(expected)) file (compare two PNG, two SVG or two PDF files)")
            }
            return try compareVector(kind, options: options, masks: masks, budget: budget)
        }
        var result: GridSnapshot.ComparisonResult
        do throws(ImageError) {
            result = try StreamingComparison.compare(expected: expected, actual: actual, options: options, masks: masks,
                                                     diff: nil, pixelBudget: budget)
            // The diff is painted in a second pass only when wanted: an explicit --diff always,
            // a report's diff only for a failure.
            if let diffPath, diff != nil || !result.passed {
                result = try StreamingComparison.compare(expected: expected, actual: actual, options: options, masks: masks,
                                                         diff: diffPath, pixelBudget: budget)
            } else {
                diffPath = nil
            }
        } catch {
            throw CompareError(error)
        }
        return try publish(result, summary: result.summary, passed: result.passed, diffPath: diffPath) { (expected, actual) }
    }

    /// Adds the outcome to `--report` (showing the images `images` names) and prints the
    /// summary, or the JSON; returns whether the pair matched.
    private func publish(_ result: GridSnapshot.ComparisonResult, summary: String, passed: Bool, diffPath: String?,
                         images: () throws(ImageError) -> (expected: String, actual: String)) throws(CompareError) -> Bool {
        if let report {
            let snapshotReport = SnapshotReport(directory: report)
            do throws(ImageError) {
                if passed {
                    try snapshotReport.writeIndex()
                } else {
                    let shown = try images()
                    try snapshotReport.append(name: "\(expected) vs \(actual)", message: summary,
                                              expected: shown.expected, actual: shown.actual, diff: diffPath, reference: expected,
                                              geometry: GridSnapshot.ComparisonResult.Geometry(result))
                }
            } catch {
                throw CompareError(error)
            }
        }
        if json {
            print(result.jsonString)
        } else {
            print(summary)
            if let diffPath { print("diff: \(diffPath)") }
            if let report { print("report: \(SnapshotReport(directory: report).indexPath)") }
        }
        return passed
    }

    /// Two SVG or two PDF files, compared as folder pairs are (`FolderComparison.VectorPair`):
    /// SVG by normalised text and rasters, PDF by the rasters of all pages. `--diff` and
    /// `--report` get the rasters' diff image (and, for a report, the rasters themselves).
    private func compareVector(_ kind: FolderComparison.Kind, options: ComparisonOptions,
                               masks: [GridSnapshot.ComparisonResult.Rect], budget: UInt64) throws(CompareError) -> Bool {
        let vector: FolderComparison.VectorPair
        do {
            guard let made = try FolderComparison.VectorPair(kind: kind, expected: expected, actual: actual, options: options,
                                                             masks: masks, pixelBudget: budget) else {
                throw CompareError(message: "\(expected): could not be compared")
            }
            vector = made
        } catch let error as ImageError {
            throw CompareError(error)
        } catch let error as CompareError {
            throw error
        } catch {
            throw CompareError(message: "\(error)")
        }
        var diffPath = diff
        if diffPath == nil, !vector.passed { diffPath = reportFile("diff") }
        if let diffPath {
            do { try vector.comparison.diffImage().writePNG(to: diffPath, compressionLevel: 1) } catch { throw CompareError(error) }
        }
        return try publish(vector.comparison.result, summary: vector.summary, passed: vector.passed, diffPath: diffPath) {
            () throws(ImageError) in
            // The report shows images: the rasters, next to the diff (`publish` asks only with a report).
            let expectedImage = reportFile("expected") ?? "", actualImage = reportFile("actual") ?? ""
            try vector.expected.writePNG(to: expectedImage, compressionLevel: 1)
            try vector.actual.writePNG(to: actualImage, compressionLevel: 1)
            return (expectedImage, actualImage)
        }
    }

    /// `REPORT/files/<actual's stem>.<role>.png`, or nil without `--report`.
    private func reportFile(_ role: String) -> String? {
        guard let report else { return nil }
        return (report.hasSuffix("/") ? report : report + "/") + "files/\(PathBytes.stem(actual)).\(role).png"
    }

    /// `--shard I/N`, else the Kubernetes Indexed Job's variables, else nil (every pair).
    private func shardPart() throws(CompareError) -> Shard? {
        do throws(ImageError) {
            if let shard { return try Shard.parse(shard) }
            return try Shard.fromEnvironment(ProcessInfo.processInfo.environment)
        } catch {
            throw CompareError(error)
        }
    }

    // MARK: - Output plan

    /// Refuses, before anything is compared or written, an output (`--diff`, `--junit`,
    /// `--markdown`, the `--report` folder) that is an input or another output, lies inside a
    /// compared folder, or a compared folder nested in the other or in the report folder.
    private func checkPlan(pairs: [FolderComparison.Pair]) throws(CompareError) {
        var plan = OutputPlan()
        if pairs.isEmpty && !isDirectory(expected) {
            plan.reads(expected, as: "the expected image")
            plan.reads(actual, as: "the actual image")
        } else {
            plan.readsFolder(expected, as: "the expected folder")
            plan.readsFolder(actual, as: "the actual folder")
            for pair in pairs {
                if pair.inExpected { plan.reads(expected + "/" + pair.path, as: "a compared image") }
                if pair.inActual { plan.reads(actual + "/" + pair.path, as: "a compared image") }
            }
        }
        if let mask = comparison.mask { plan.reads(mask, as: "the --mask file") }
        if let diff { plan.writes(diff, as: "--diff") }
        if let junit { plan.writes(junit, as: "--junit") }
        if let markdown { plan.writes(markdown, as: "--markdown") }
        if let report { plan.writesFolder(report, as: "the --report folder") }
        if let message = plan.clash() { throw CompareError(message: message) }
    }

    // MARK: - Folders

    /// Compares every pair of two folders; returns the exit code (0, 1 or 2).
    func compareFolders() throws(CompareError) -> Int32 {
        guard isDirectory(expected) && isDirectory(actual) else {
            let file = isDirectory(expected) ? actual : expected
            throw CompareError(message: "\(file): expected a folder like the other argument (compare takes two files or two folders)")
        }
        if diff != nil {
            throw CompareError(message: "--diff takes one pair of files; with folders use --report DIR for the diff images")
        }
        let options = try options()
        let budget = try pixelBudget()
        let mask = try loadMask()
        if let jobs, jobs < 1 { throw CompareError(message: "--jobs: expected a count of 1 or more, found \(jobs)") }
        let part = try shardPart()
        var pairs: [FolderComparison.Pair]
        do { pairs = try FolderComparison.pairs(expected: expected, actual: actual) } catch { throw CompareError(error) }
        if let part { pairs = pairs.filter { part.contains($0.path) } }

        try checkPlan(pairs: pairs)
        let artifacts = report.map { FolderComparison.Artifacts(directory: FolderReportPage.imagesDirectory(in: $0)) }
        let expectedDir = expected, actualDir = actual
        let entries = BatchRunner(jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount).run(pairs) { pair in
            FolderComparison.compare(pair, expected: expectedDir, actual: actualDir, options: options, mask: mask,
                                     pixelBudget: budget, artifacts: artifacts)
        }
        var folderReport = FolderReport(expectedDirectory: expected, actualDirectory: actual, options: options, entries: entries)
        folderReport.compareArguments = comparison.arguments
        folderReport.shard = part.map { ShardInfo(shard: $0, arguments: comparison.arguments, report: report) }
        for entry in folderReport.entries where entry.status == .error {
            FileHandle.standardError.write(Data("error: \(entry.summary)\n".utf8))
        }
        do throws(ImageError) {
            if let junit { try FolderReportPage.write(Data(folderReport.junitXML().utf8), to: junit) }
            if let markdown { try FolderReportPage.write(Data(folderReport.markdown().utf8), to: markdown) }
            if let report { try FolderReportPage(report: folderReport).write(to: report) }
        } catch {
            throw CompareError(error)
        }
        if json {
            print(folderReport.jsonString)
        } else {
            print(folderReport.summary)
        }
        return folderReport.exitCode
    }
}
