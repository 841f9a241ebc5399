import Foundation

extension SnapshotDiffing where Value == RGBAImage {
    /// PNG storage and pixel comparison under `options`. A failure's message carries the
    /// statistics; its attachments are the diff image (`diff.png`) and the statistics as JSON.
    public static func png(_ options: ComparisonOptions = .perceptual) -> SnapshotDiffing<RGBAImage> {
        var diffing = SnapshotDiffing(
            toData: { image in try image.pngData() },
            fromData: { data in try RGBAImage(pngData: data) },
            isUnchanged: { stored, new in
                // Pixel-exact (transparent pixels of any RGB count as equal), independent of options.
                guard stored.width == new.width, stored.height == new.height else { return false }
                let exact = ComparisonOptions(name: "exact", channelTolerance: 0, maxDifferingPixels: 0)
                let result = ImageComparison(expected: stored, actual: new, options: exact).result
                return result.identicalPixels == result.comparedPixels
            },
            diff: { expected, actual in pngDiff(expected, actual, options: options, masks: []) })
        diffing.maskedDiff = { expected, actual, masks in pngDiff(expected, actual, options: options, masks: masks) }
        return diffing
    }

    /// The comparison under `options` with `masks` left out: nil when it passes, else the
    /// statistics and the diff image (`diff.png`) and statistics (`comparison.json`) as files.
    private static func pngDiff(_ expected: RGBAImage, _ actual: RGBAImage, options: ComparisonOptions,
                                masks: [ComparisonResult.Rect]) -> (String, [SnapshotAttachment])? {
        let comparison = ImageComparison(expected: expected, actual: actual, options: options, masks: masks)
        let result = comparison.result
        if result.passed { return nil }
        var attachments = [SnapshotAttachment(name: "comparison", data: result.jsonData(), pathExtension: "json")]
        if let diff = try? comparison.diffImage().pngData(compressionLevel: 1) {
            attachments.insert(SnapshotAttachment(name: "diff", data: diff, pathExtension: "png"), at: 0)
        }
        return (result.summary, attachments)
    }
}

extension SnapshotStrategy where Value == RGBAImage, Format == RGBAImage {
    /// Decoded images compared under the `perceptual` preset.
    public static var png: SnapshotStrategy { .png() }

    /// Decoded images compared under `options` (`.strict`, `.perceptual`, or either adjusted with
    /// `.with(threshold:maxDifferingPixels:maxDifferingFraction:maxDifferingInWindow:)`).
    public static func png(_ options: ComparisonOptions = .perceptual) -> SnapshotStrategy {
        SnapshotStrategy(pathExtension: "png", diffing: .png(options))
    }
}

extension SnapshotStrategy where Value == Data, Format == RGBAImage {
    /// PNG bytes (as a renderer wrote them), decoded and compared under the `perceptual` preset.
    public static var png: SnapshotStrategy { .png() }

    /// PNG bytes decoded and compared under `options`; undecodable bytes fail the assertion.
    public static func png(_ options: ComparisonOptions = .perceptual) -> SnapshotStrategy {
        SnapshotStrategy<RGBAImage, RGBAImage>.png(options).pullback { data in try RGBAImage(pngData: data) }
    }
}
