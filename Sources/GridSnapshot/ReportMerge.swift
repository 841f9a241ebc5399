import Foundation
import GridDocument

/// `gridrender merge-reports OUT SHARD_JSON…`: the `--json` reports of the shards of one sharded
/// `compare DIR DIR` run joined into the `FolderReport` the unsharded run would have made, so its
/// JSON, JUnit, Markdown and review page are that run's.
///
/// Every file must be a sharded report (`"shard"`) of the same run: the same folders, options
/// and shard count, each part once and none missing, no path in two parts. Files are read one
/// at a time; only the entries (a few hundred bytes each) are kept, so ten thousands of images
/// merge in a few megabytes.
package enum ReportMerge {
    /// The merged report and, per relative path, the images a review page can show
    /// (`FolderComparison.Entry`'s image fields set where the files exist).
    package static func merge(files: [String]) throws(ImageError) -> FolderReport {
        guard !files.isEmpty else { throw ImageError("merge-reports: no shard report given") }
        var first: (file: String, report: DecodedReport)?
        var seen: [Int: String] = [:]
        var owner: [String: String] = [:]
        var entries: [FolderComparison.Entry] = []
        for file in files {
            let data = try FileIO.read(file, limit: 1 << 30)
            let report: DecodedReport
            do {
                report = try JSONDecoder().decode(DecodedReport.self, from: data)
            } catch let error as DecodingError {
                throw ImageError(file: file, "not a compare --json report of folders: \(describe(error))")
            } catch {
                throw ImageError(file: file, "not a compare --json report of folders: \(error)")
            }
            guard let shard = report.shard else {
                throw ImageError(file: file, "shard: missing (merge the --json output of compare DIR DIR --shard I/N)")
            }
            if let (firstFile, base) = first {
                func differs(_ what: String) -> ImageError {
                    ImageError(file: file, "\(what) differs from \(firstFile)'s: the shards are not of one run")
                }
                if report.expected != base.expected || report.actual != base.actual { throw differs("expected or actual folder") }
                if report.options != base.options { throw differs("options") }
                if shard.count != base.shard!.count { throw differs("shard.count") }
                if shard.arguments != base.shard!.arguments { throw differs("shard.arguments") }
            } else {
                first = (file, report)
            }
            guard (1 ... shard.count).contains(shard.index) else {
                throw ImageError(file: file, "shard.index: expected 1 to \(shard.count), found \(shard.index)")
            }
            if let other = seen[shard.index] {
                throw ImageError(file: file, "shard \(shard.index)/\(shard.count) is also \(other)")
            }
            seen[shard.index] = file
            for decoded in report.entries {
                if let other = owner[decoded.path] {
                    throw ImageError(file: file, "entries: \(escapeForMessage(decoded.path)) is also in \(other)")
                }
                owner[decoded.path] = file
                entries.append(decoded.entry(expected: report.expected, actual: report.actual, shardReport: shard.report))
            }
        }
        let (firstFile, base) = first!
        let count = base.shard!.count
        let missing = (1 ... count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw ImageError(file: firstFile, "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing: give every part's report")
        }
        var merged = FolderReport(expectedDirectory: base.expected, actualDirectory: base.actual,
                                  options: base.options.options, entries: entries)
        merged.compareArguments = base.shard!.arguments
        return merged
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.hasPrefix(".") ? String(keys.dropFirst()) : keys
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context)
            return (at.isEmpty ? "" : at + ".") + key.stringValue + ": missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let at = path(context)
            return (at.isEmpty ? "" : at + ": ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}

// MARK: - The JSON of `compare DIR DIR --json`, read back

/// `FolderReport`'s JSON; the summary and counts are recomputed from the entries.
private struct DecodedReport: Decodable {
    var expected: String
    var actual: String
    var options: DecodedOptions
    var entries: [DecodedEntry]
    var shard: ShardInfo?
}

/// `ComparisonOptions`' JSON (every key present, null when unset; `align` only with `--align rows`).
private struct DecodedOptions: Decodable, Equatable {
    var name: String
    var channelTolerance: Int
    var yiqThreshold: Double?
    var ignoreAntialiasing: Bool
    var maxAntialiasedFraction: Double?
    var maxDifferingPixels: Int?
    var maxDifferingFraction: Double?
    var maxDifferingInWindow: Int?
    var windowSize: Int
    var allowSizeMismatch: Bool
    var align: String?

    var options: ComparisonOptions {
        var options = ComparisonOptions(name: name, channelTolerance: channelTolerance, yiqThreshold: yiqThreshold,
                                        ignoreAntialiasing: ignoreAntialiasing, maxAntialiasedFraction: maxAntialiasedFraction,
                                        maxDifferingPixels: maxDifferingPixels, maxDifferingFraction: maxDifferingFraction,
                                        maxDifferingInWindow: maxDifferingInWindow, windowSize: windowSize,
                                        allowSizeMismatch: allowSizeMismatch)
        options.alignRows = align == "rows"
        return options
    }
}

private struct DecodedEntry: Decodable {
    var path: String
    var kind: FolderComparison.Kind
    var status: FolderComparison.Status
    var message: String?
    var result: DecodedResult?

    /// The entry, with the images a review page shows: the shard's report images when it wrote a
    /// `--report`, else the compared PNG files themselves, each only where the file exists.
    func entry(expected: String, actual: String, shardReport: String?) -> FolderComparison.Entry {
        var entry = FolderComparison.Entry(path: path, kind: kind, status: status, result: result?.result, message: message)
        func image(_ role: String, folder: String, present: Bool) -> String? {
            if let shardReport {
                let copied = FolderReportPage.imagesDirectory(in: shardReport) + "/\(path).\(role).png"
                if PathBytes.exists(copied) { return copied }
            }
            let original = folder + "/" + path
            return present && kind == .png && PathBytes.exists(original) ? original : nil
        }
        entry.expectedImage = image("expected", folder: expected, present: status != .added)
        entry.actualImage = image("actual", folder: actual, present: status != .removed)
        if status == .changed, let shardReport {
            let diff = FolderReportPage.imagesDirectory(in: shardReport) + "/\(path).diff.png"
            if PathBytes.exists(diff) { entry.diffImage = diff }
        }
        return entry
    }
}

private struct DecodedResult: Decodable {
    struct Window: Decodable { var x, y, width, height, count: Int }
    struct Failure: Decodable { var kind, message: String }
    struct Band: Decodable { var status: String; var y, height: Int }

    var expectedSize: ComparisonResult.Size
    var actualSize: ComparisonResult.Size
    var comparedPixels: Int
    var identicalPixels: Int
    var withinTolerancePixels: Int
    var antialiasedPixels: Int
    var differingPixels: Int
    var maskedPixels: Int
    var maxChannelDifference: Int
    var maxColorDelta: Double
    var differingBounds: ComparisonResult.Rect?
    var changedBounds: ComparisonResult.Rect?
    var densestWindow: Window?
    var failures: [Failure]
    var options: DecodedOptions
    var bands: [Band]?

    var result: ComparisonResult {
        ComparisonResult(expectedSize: expectedSize, actualSize: actualSize, comparedPixels: comparedPixels,
                         identicalPixels: identicalPixels, withinTolerancePixels: withinTolerancePixels,
                         antialiasedPixels: antialiasedPixels, differingPixels: differingPixels, maskedPixels: maskedPixels,
                         maxChannelDifference: maxChannelDifference, maxColorDelta: maxColorDelta,
                         differingBounds: differingBounds, changedBounds: changedBounds,
                         densestWindow: densestWindow.map { .init(x: $0.x, y: $0.y, width: $0.width, height: $0.height, count: $0.count) },
                         failures: failures.map { .init(kind: $0.kind, message: $0.message) }, options: options.options,
                         bands: bands?.map { .init(status: $0.status, y: $0.y, height: $0.height) })
    }
}
