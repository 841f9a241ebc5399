import ArgumentParser
import Foundation
import GridDrawing
import GridSnapshot

/// `gridrender compare EXPECTED ACTUAL`: compares two PNG images pixel by pixel (DESIGN §6, §7).
///
/// Exit codes: 0 the images match under the chosen preset and limits, 1 they differ, 2 bad usage
/// or an unreadable image (one line `error: <file>: <message>` on stderr, nothing written).
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG images; exit 0 when they match, 1 when they differ, 2 on error.",
        discussion: """
        Pixels are compared decoded (straight RGBA), never as PNG bytes. Presets: strict (channel \
        tolerance 2, no differing pixel allowed) and perceptual (also YIQ threshold 0.1, \
        anti-aliasing ignored up to 1% of the pixels, at most 0.1% differing and at most 8 in any \
        8x8 window). --threshold, --max-pixels and --max-fraction adjust the preset.
        """)

    @Argument(help: "The reference PNG image.")
    var expected: String

    @Argument(help: "The PNG image to check against it.")
    var actual: String

    @Option(help: ArgumentHelp("Write a diff image (expected | diff | actual) to this PNG file.", valueName: "DIFF.png"))
    var diff: String?

    @Option(help: ArgumentHelp("Comparison preset: strict or perceptual.", valueName: "strict|perceptual"))
    var preset: String = "strict"

    @Option(help: ArgumentHelp("YIQ colour threshold t (0...1): a pixel differs when its delta exceeds 35215*t^2.", valueName: "T"))
    var threshold: Double?

    @Option(name: .customLong("max-pixels"), help: ArgumentHelp("Allow at most N differing pixels.", valueName: "N"))
    var maxPixels: Int?

    @Option(name: .customLong("max-fraction"), help: ArgumentHelp("Allow at most this fraction (0...1) of differing pixels.", valueName: "F"))
    var maxFraction: Double?

    @Flag(help: "Print the comparison statistics as JSON.")
    var json = false

    @Option(help: ArgumentHelp("Add the result to an HTML report (index.html) in this folder.", valueName: "DIR"))
    var report: String?

    func run() throws {
        do {
            let matched = try compare()
            if !matched { throw ExitCode(1) }
        } catch let failure as CompareError {
            printError(failure.message)
            throw ExitCode(2)
        }
    }

    struct CompareError: Error {
        var message: String
    }

    func options() throws(CompareError) -> ComparisonOptions {
        guard var options = ComparisonOptions.preset(named: preset) else {
            throw CompareError(message: "--preset: unknown preset \"\(preset)\"; expected one of \(ComparisonOptions.presetNames.joined(separator: ", "))")
        }
        if maxPixels != nil && maxFraction != nil {
            throw CompareError(message: "--max-pixels and --max-fraction cannot be used together")
        }
        if let threshold {
            guard threshold.isFinite, (0 ... 1).contains(threshold) else {
                throw CompareError(message: "--threshold: expected a number from 0 to 1, found \(threshold)")
            }
            options = options.with(threshold: threshold)
        }
        if let maxPixels {
            guard maxPixels >= 0 else { throw CompareError(message: "--max-pixels: expected a count of 0 or more, found \(maxPixels)") }
            options = options.with(maxDifferingPixels: maxPixels)
        }
        if let maxFraction {
            guard maxFraction.isFinite, (0 ... 1).contains(maxFraction) else {
                throw CompareError(message: "--max-fraction: expected a number from 0 to 1, found \(maxFraction)")
            }
            options = options.with(maxDifferingFraction: maxFraction)
        }
        return options
    }

    /// Returns whether the images match; throws only for usage and file errors.
    func compare() throws(CompareError) -> Bool {
        let options = try options()
        let expectedImage: RGBAImage, actualImage: RGBAImage
        do {
            expectedImage = try RGBAImage(contentsOfPNGFile: expected)
            actualImage = try RGBAImage(contentsOfPNGFile: actual)
        } catch {
            throw CompareError(message: error.description)
        }
        let comparison = ImageComparison(expected: expectedImage, actual: actualImage, options: options)
        let result = comparison.result

        var diffPath = diff
        if diffPath == nil, report != nil, !result.passed {
            diffPath = reportDiffPath()
        }
        if let diffPath {
            do {
                // The diff may not replace either image being compared.
                try AtomicFile.checkDestination(diffPath, policy: .init(protecting: [expected, actual]))
                try comparison.diffImage().writePNG(to: diffPath, compressionLevel: 1)
            } catch {
                throw CompareError(message: "\(error)")
            }
        }
        if let report {
            let snapshotReport = SnapshotReport(directory: report)
            do {
                if result.passed {
                    try snapshotReport.writeIndex()
                } else {
                    try snapshotReport.append(name: "\(expected) vs \(actual)", message: result.summary,
                                              expected: expected, actual: actual, diff: diffPath, reference: expected)
                }
            } catch {
                throw CompareError(message: error.description)
            }
        }

        if json {
            print(result.jsonString)
        } else {
            print(result.summary)
            if let diffPath { print("diff: \(diffPath)") }
            if let report { print("report: \(SnapshotReport(directory: report).indexPath)") }
        }
        return result.passed
    }

    private func reportDiffPath() -> String? {
        guard let report else { return nil }
        let stem = URL(fileURLWithPath: actual).deletingPathExtension().lastPathComponent
        return URL(fileURLWithPath: report).appendingPathComponent("files")
            .appendingPathComponent("\(stem).diff.png").path
    }
}
