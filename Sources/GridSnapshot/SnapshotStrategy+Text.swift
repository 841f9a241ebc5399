import Foundation

extension SnapshotDiffing where Value == String {
    /// UTF-8 text compared line by line.
    public static var lines: SnapshotDiffing<String> {
        SnapshotDiffing(
            toData: { Data($0.utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            isUnchanged: { $0 == $1 },
            diff: { expected, actual in
                guard let diff = TextDiff.lines(expected: expected, actual: actual) else { return nil }
                return ("text differs:\n" + diff, [SnapshotAttachment(name: "diff", data: Data(diff.utf8), pathExtension: "txt")])
            })
    }

    /// SVG text compared after `SVGNormalizer` (ids renumbered, whitespace between tags
    /// normalised) on both sides, so references recorded before normalisation still compare.
    /// A difference is reported as pictures (`VectorSnapshotDiff.svg`: both sides rasterized,
    /// expected, actual and diff PNGs, one summary line), the text diff kept as a file.
    public static var svgText: SnapshotDiffing<String> {
        SnapshotDiffing(
            toData: { Data(SVGNormalizer.normalize($0).utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            isUnchanged: { SVGNormalizer.normalize($0) == SVGNormalizer.normalize($1) },
            diff: { expected, actual in
                let old = SVGNormalizer.normalize(expected), new = SVGNormalizer.normalize(actual)
                guard old != new else { return nil }
                return VectorSnapshotDiff.svg(expected: old, actual: new)
            })
    }
}

extension SnapshotStrategy where Value == String, Format == String {
    /// Plain text, stored as a `.txt` file.
    public static var lines: SnapshotStrategy { SnapshotStrategy(pathExtension: "txt", diffing: .lines) }

    /// SVG text, stored normalised as a `.svg` file (so the reference opens in a browser).
    public static var svgText: SnapshotStrategy {
        SnapshotStrategy(pathExtension: "svg", diffing: .svgText) { SVGNormalizer.normalize($0) }
    }
}

extension SnapshotStrategy where Value == Data, Format == String {
    /// SVG bytes (as a renderer wrote them), compared as normalised text.
    public static var svgText: SnapshotStrategy {
        SnapshotStrategy<String, String>.svgText.pullback { String(decoding: $0, as: UTF8.self) }
    }
}
