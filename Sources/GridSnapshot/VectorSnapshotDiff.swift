import Foundation

/// What a failed SVG or PDF snapshot reports: a one-line summary and pictures, not path text.
/// Both sides are rasterized (`SVGRasterizer`, `PDFRasterizer`: every page, stacked) and
/// compared pixel for pixel; the failure carries `expected.png`, `actual.png`, `diff.png` and
/// the statistics (`comparison.json`), so the review page shows them like any image change, and
/// the line says how many pixels changed where:
/// `SVG differs: 1,234 pixels (0.80%) in box 10,20 30×40`. The normalised text diff of an SVG is
/// kept as a file (`text-diff.txt`) for whoever wants it, never printed.
package enum VectorSnapshotDiff {
    /// Two normalised SVG texts that differ (the caller has checked).
    package static func svg(expected: String, actual: String,
                            rasterize: (String) throws(ImageError) -> RGBAImage = { svg throws(ImageError) in try SVGRasterizer.rasterize(svg) })
        -> (String, [SnapshotAttachment]) {
        let text = SnapshotAttachment(name: "text-diff", data: Data((TextDiff.lines(expected: expected, actual: actual, maxLines: 400) ?? "").utf8),
                                      pathExtension: "txt")
        do {
            let before = try rasterize(expected), after = try rasterize(actual)
            var (line, attachments) = rasterized("SVG", expected: before, actual: after)
            if line.hasSuffix(": identical pixels") { line = "SVG differs in its normalised text only: identical pixels" }
            return (line, attachments + [text])
        } catch {
            let first = zip(expected.split(separator: "\n", omittingEmptySubsequences: false),
                            actual.split(separator: "\n", omittingEmptySubsequences: false)).prefix { $0 == $1 }.count + 1
            return ("SVG differs (normalised text, first at line \(first)); no raster diff: \(oneLine(error.description))", [text])
        }
    }

    /// Two PDF files that differ in bytes: nil when their pages give identical pixels.
    package static func pdf(expected: Data, actual: Data) -> (String, [SnapshotAttachment])? {
        do {
            let before = try PDFRasterizer.allPages(expected), after = try PDFRasterizer.allPages(actual)
            let (line, attachments) = rasterized("PDF", expected: before, actual: after)
            if line.hasSuffix(": identical pixels") { return nil }
            return (line, attachments)
        } catch {
            return ("PDF differs in bytes; no raster diff: \(oneLine(error.description))", [])
        }
    }

    /// The one line and the three PNGs and statistics of two rasters, compared under `strict`
    /// (any visible change counts: the texts or bytes already differ).
    static func rasterized(_ kind: String, expected: RGBAImage, actual: RGBAImage) -> (String, [SnapshotAttachment]) {
        let comparison = ImageComparison(expected: expected, actual: actual, options: .strict)
        let result = comparison.result
        var line = "\(kind) differs: "
        if result.differingPixels == 0 && result.sizesMatch {
            line += "identical pixels"
        } else {
            line += "\(grouped(result.differingPixels)) pixel\(result.differingPixels == 1 ? "" : "s")"
            if result.comparedPixels > 0 { line += " (\(ComparisonResult.percent(result.differingFraction)))" }
            if let box = result.changedBox { line += " in box \(box.x),\(box.y) \(box.width)×\(box.height)" }
            if !result.sizesMatch { line += ", size \(result.expectedSize) → \(result.actualSize)" }
        }
        var attachments: [SnapshotAttachment] = []
        for (name, image) in [("expected", expected), ("actual", actual), ("diff", comparison.diffImage())] {
            if let data = try? image.pngData(compressionLevel: 1) {
                attachments.append(SnapshotAttachment(name: name, data: data, pathExtension: "png"))
            }
        }
        attachments.append(SnapshotAttachment(name: "comparison", data: result.jsonData(), pathExtension: "json"))
        return (line, attachments)
    }

    /// 1234567 → "1,234,567", the same in every locale.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (value < 0 ? "-" : "") + out
    }

    private static func oneLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).first ?? "")
    }
}
