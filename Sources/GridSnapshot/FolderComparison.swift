import Foundation
import GridDocument

/// A folder of reference images compared with a folder of new renderings (`gridrender compare
/// EXPECTED_DIR ACTUAL_DIR`), the way reg-cli or Playwright's `toHaveScreenshot` review a run:
/// images are paired by their path relative to each folder (nested folders included) and every
/// pair is classified as unchanged, changed, added (only in the actual folder) or removed (only in
/// the expected folder).
///
/// PNG files are compared as decoded pixels, streamed row by row (`StreamingComparison`); SVG files
/// as the snapshot module compares them, by normalised text (ids renumbered), and rasterized with
/// rsvg-convert for the statistics and the diff; PDF files rasterized with pdftoppm at 72 dpi, all
/// pages stacked top to bottom, and compared in pixels. Other files and hidden files are ignored.
package enum FolderComparison {
    package enum Status: String, Sendable, Codable, CaseIterable {
        case changed, added, removed, unchanged
        /// The pair could not be compared (an unreadable or corrupt image).
        case error
    }

    package enum Kind: String, Sendable, Codable {
        case png, svg, pdf

        package init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "png": self = .png
            case "svg": self = .svg
            case "pdf": self = .pdf
            default: return nil
            }
        }
    }

    /// One relative path and where it exists.
    package struct Pair: Sendable, Hashable {
        package var path: String
        package var kind: Kind
        package var inExpected: Bool
        package var inActual: Bool
    }

    /// The outcome for one pair.
    package struct Entry: Sendable, Encodable {
        package var path: String
        package var kind: Kind
        package var status: Status
        /// The pixel statistics (nil for added, removed and unreadable pairs).
        package var result: ComparisonResult?
        /// Why the pair changed or failed, as one line.
        package var message: String?
        /// Images for a report, as absolute paths (nil when there is none): for SVG and PDF the
        /// rasterized PNGs, for PNG the files themselves.
        package var expectedImage: String?
        package var actualImage: String?
        package var diffImage: String?
        /// The mask rectangles applied to this pair (pixels of the expected image), drawn
        /// outlined on the review page.
        package var masks: [ComparisonResult.Rect] = []

        package var summary: String {
            switch status {
            case .unchanged, .changed: return message ?? result?.summary ?? status.rawValue
            case .added: return "added: no reference image"
            case .removed: return "removed: the reference has no new image"
            case .error: return message ?? "error"
            }
        }

        enum CodingKeys: String, CodingKey { case path, kind, status, message, result }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(path, forKey: .path)
            try c.encode(kind, forKey: .kind)
            try c.encode(status, forKey: .status)
            try c.encode(message, forKey: .message)
            try c.encode(result, forKey: .result)
        }
    }

    // MARK: - Pairing

    /// The image files under `directory`, as sorted relative paths with `/` separators.
    package static func images(in directory: String) throws(ImageError) -> [String] {
        guard PathBytes.exists(directory) else { throw ImageError(file: directory, "no such folder") }
        guard PathBytes.isDirectory(directory) else { throw ImageError(file: directory, "is a file, not a folder") }
        // Listed through `PathBytes`, not FileManager: names that are not UTF-8 keep their bytes.
        guard let top = PathBytes.entries(of: directory) else { throw ImageError(file: directory, "cannot read folder") }
        var paths: [String] = []
        var pending: [(relative: String, entries: [(name: String, type: mode_t)])] = [("", top)]
        while let (relative, entries) = pending.popLast() {
            // Hidden names are skipped, folders too; symbolic links are not followed.
            for (name, type) in entries where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                if type == S_IFDIR {
                    if let inner = PathBytes.entries(of: directory + "/" + path) { pending.append((path, inner)) }
                } else if type == S_IFREG, Kind(path: path) != nil {
                    paths.append(path)
                }
            }
        }
        return paths.sorted()
    }

    /// Every relative path found in either folder, sorted, with where it exists. Paths are paired
    /// by their bytes, not by `String` equality: Swift calls `café` (NFC) and `café` (NFD) equal,
    /// but they are two files, and each must be compared (not one dropped, nor paired with a file
    /// the other folder does not have).
    package static func pairs(expected: String, actual: String) throws(ImageError) -> [Pair] {
        let before = try images(in: expected), after = try images(in: actual)
        let inBefore = Set(before.map(PathBytes.bytes)), inAfter = Set(after.map(PathBytes.bytes))
        var seen = Set<[UInt8]>(), paths: [String] = []
        for path in before + after where seen.insert(PathBytes.bytes(path)).inserted { paths.append(path) }
        paths.sort { $0 != $1 ? $0 < $1 : PathBytes.bytes($0).lexicographicallyPrecedes(PathBytes.bytes($1)) }
        return paths.compactMap { path in
            let key = PathBytes.bytes(path)
            return Kind(path: path).map { Pair(path: path, kind: $0, inExpected: inBefore.contains(key), inActual: inAfter.contains(key)) }
        }
    }

    // MARK: - Comparing one pair

    /// Where a pair's report images go: `<directory>/<relative path>.{expected,actual,diff}.png`.
    package struct Artifacts: Sendable {
        package var directory: String
        package init(directory: String) { self.directory = directory }
        func path(_ relative: String, _ role: String) -> String { "\(directory)/\(relative).\(role).png" }
    }

    /// Compares one pair. Never throws: an unreadable image makes an `.error` entry.
    package static func compare(_ pair: Pair, expected: String, actual: String, options: ComparisonOptions,
                               mask: ComparisonMask = ComparisonMask(), pixelBudget: UInt64 = StreamingComparison.defaultPixelBudget,
                               artifacts: Artifacts? = nil) -> Entry {
        let expectedPath = expected + "/" + pair.path, actualPath = actual + "/" + pair.path
        var entry = Entry(path: pair.path, kind: pair.kind, status: .unchanged)
        switch (pair.inExpected, pair.inActual) {
        case (false, _):
            entry.status = .added
            entry.actualImage = reportImage(actualPath, pair: pair, role: "actual", artifacts: artifacts, entry: &entry)
            return entry
        case (_, false):
            entry.status = .removed
            entry.expectedImage = reportImage(expectedPath, pair: pair, role: "expected", artifacts: artifacts, entry: &entry)
            return entry
        default: break
        }
        do {
            let masks = try mask.rectangles(for: pair.path) { () throws(ImageError) in try maskImageSize(expectedPath, kind: pair.kind) }
            entry.masks = masks
            switch pair.kind {
            case .png:
                var result = try StreamingComparison.compare(expected: expectedPath, actual: actualPath, options: options,
                                                             masks: masks, pixelBudget: pixelBudget)
                entry.expectedImage = expectedPath
                entry.actualImage = actualPath
                if !result.passed, let diff = artifacts?.path(pair.path, "diff") {
                    // Most pairs are unchanged: only a changed one is decoded a second time, to
                    // paint its diff image.
                    result = try StreamingComparison.compare(expected: expectedPath, actual: actualPath, options: options,
                                                             masks: masks, diff: diff, pixelBudget: pixelBudget)
                    entry.diffImage = diff
                }
                entry.result = result
                entry.status = result.passed ? .unchanged : .changed
            case .svg, .pdf:
                guard let vector = try VectorPair(kind: pair.kind, expected: expectedPath, actual: actualPath,
                                                  options: options, masks: masks, pixelBudget: pixelBudget,
                                                  rasterizingSameText: artifacts != nil) else {
                    entry.message = "SVG text identical (normalised)"
                    return entry
                }
                let (before, after, comparison) = (vector.expected, vector.actual, vector.comparison)
                let result = comparison.result
                entry.result = result
                entry.status = vector.passed ? .unchanged : .changed
                if vector.textChanged { entry.message = vector.summary }
                if let artifacts {
                    entry.expectedImage = artifacts.path(pair.path, "expected")
                    entry.actualImage = artifacts.path(pair.path, "actual")
                    try before.writePNG(to: entry.expectedImage!, compressionLevel: 1)
                    try after.writePNG(to: entry.actualImage!, compressionLevel: 1)
                    if entry.status == .changed {
                        entry.diffImage = artifacts.path(pair.path, "diff")
                        try comparison.diffImage().writePNG(to: entry.diffImage!, compressionLevel: 1)
                    }
                }
            }
        } catch {
            entry.status = .error
            entry.result = nil
            entry.message = error.description
        }
        return entry
    }

    /// The size semantic masks resolve at: a PNG's pixels (read from its header), nil for an SVG
    /// or PDF (rasterized at one pixel per point).
    package static func maskImageSize(_ path: String, kind: Kind) throws(ImageError) -> ComparisonResult.Size? {
        guard kind == .png else { return nil }
        let reader = try PNGRowReader(path: path)
        return ComparisonResult.Size(width: reader.width, height: reader.height)
    }

    /// The image a report shows for an added or removed file: the PNG itself, or a raster of an
    /// SVG or PDF written into the artifacts folder (nil when it cannot be made).
    private static func reportImage(_ path: String, pair: Pair, role: String, artifacts: Artifacts?, entry: inout Entry) -> String? {
        switch pair.kind {
        case .png: return path
        case .svg, .pdf:
            guard let artifacts else { return nil }
            let out = artifacts.path(pair.path, role)
            do {
                let image: RGBAImage
                if pair.kind == .svg {
                    image = try SVGRasterizer.rasterize(String(decoding: try FileIO.read(path, limit: 256 << 20), as: UTF8.self))
                } else {
                    image = try pdfPages(path, budget: StreamingComparison.defaultPixelBudget)
                }
                try image.writePNG(to: out, compressionLevel: 1)
                return out
            } catch {
                return nil
            }
        }
    }

    /// An SVG or PDF pair compared as `compare` compares it: SVG by its normalised text and its
    /// rasters (rsvg-convert), PDF by the rasters of all its pages. Used for folder pairs and for
    /// a single pair of files.
    package struct VectorPair {
        package let expected: RGBAImage
        package let actual: RGBAImage
        package let comparison: ImageComparison
        /// SVG only: the normalised texts differ (a change even when the rasters agree).
        package let textChanged: Bool

        package var passed: Bool { !textChanged && comparison.result.passed }
        package var summary: String {
            textChanged ? "SVG text differs (normalised); rasterized: " + comparison.result.summary : comparison.result.summary
        }

        /// Nil for SVG files whose normalised texts are identical unless `rasterizingSameText`
        /// (nothing to see: the rasters would be the same).
        package init?(kind: Kind, expected expectedPath: String, actual actualPath: String, options: ComparisonOptions,
                     masks: [ComparisonResult.Rect] = [], pixelBudget: UInt64 = StreamingComparison.defaultPixelBudget,
                     rasterizingSameText: Bool = true) throws(ImageError) {
            switch kind {
            case .svg:
                let e = try FileIO.read(expectedPath, limit: 256 << 20), a = try FileIO.read(actualPath, limit: 256 << 20)
                let eText = String(decoding: e, as: UTF8.self), aText = String(decoding: a, as: UTF8.self)
                textChanged = SVGNormalizer.normalize(eText) != SVGNormalizer.normalize(aText)
                if !textChanged && !rasterizingSameText { return nil }
                expected = try raster(expectedPath) { () throws(ImageError) in try SVGRasterizer.rasterize(eText) }
                actual = try raster(actualPath) { () throws(ImageError) in try SVGRasterizer.rasterize(aText) }
            case .pdf:
                textChanged = false
                expected = try pdfPages(expectedPath, budget: pixelBudget)
                actual = try pdfPages(actualPath, budget: pixelBudget)
            case .png:
                throw ImageError(file: expectedPath, "a PNG pair is compared by StreamingComparison")
            }
            comparison = ImageComparison(expected: expected, actual: actual, options: options, masks: masks)
        }
    }

    private static func raster(_ path: String, _ body: () throws(ImageError) -> RGBAImage) throws(ImageError) -> RGBAImage {
        do { return try body() } catch { throw ImageError(file: path, error.description) }
    }

    /// All pages of a PDF at 72 dpi, stacked top to bottom on a transparent canvas as wide as the
    /// widest page, so a page added, removed or changed shows in one comparison.
    static func pdfPages(_ path: String, budget: UInt64) throws(ImageError) -> RGBAImage {
        try raster(path) { () throws(ImageError) in
            try PDFRasterizer.allPages(try FileIO.read(path, limit: 1 << 30), budget: budget)
        }
    }

    /// Whether the new image differs from the reference in what a viewer sees: any pixel for PNG
    /// and PDF (decoded, so a re-encoded file with the same pixels does not), the normalised text
    /// for SVG. `gridrender accept` copies only such images.
    package static func differsByPixels(_ pair: Pair, expected: String, actual: String,
                                       pixelBudget: UInt64 = StreamingComparison.defaultPixelBudget) throws(ImageError) -> Bool {
        let expectedPath = expected + "/" + pair.path, actualPath = actual + "/" + pair.path
        let exact = ComparisonOptions(name: "exact", channelTolerance: 0, maxDifferingPixels: 0)
        switch pair.kind {
        case .png:
            return !(try StreamingComparison.compare(expected: expectedPath, actual: actualPath, options: exact,
                                                     pixelBudget: pixelBudget).passed)
        case .svg:
            let e = try FileIO.read(expectedPath, limit: 256 << 20), a = try FileIO.read(actualPath, limit: 256 << 20)
            return SVGNormalizer.normalize(String(decoding: e, as: UTF8.self)) != SVGNormalizer.normalize(String(decoding: a, as: UTF8.self))
        case .pdf:
            let e = try FileIO.read(expectedPath, limit: 1 << 30), a = try FileIO.read(actualPath, limit: 1 << 30)
            if e == a { return false }
            return !ImageComparison(expected: try pdfPages(expectedPath, budget: pixelBudget),
                                    actual: try pdfPages(actualPath, budget: pixelBudget), options: exact).result.passed
        }
    }
}
