import Foundation
import GridDocument
import GridSnapshot
import SnapshotTesting

/// Strategies for pointfreeco's swift-snapshot-testing: `SnapshotTesting.assertSnapshot(of:
/// document, as: .png)` renders a gridrender document through GridDrawing and compares it with
/// GridSnapshot's comparator (decoded pixels, `perceptual` by default) instead of
/// swift-snapshot-testing's byte or image-library comparison, which does not exist on Linux.
///
/// References are swift-snapshot-testing's (`__Snapshots__/<TestFile>/<test>.<n>.png` beside
/// the test, its `record` setting); on a mismatch the failure message carries GridSnapshot's
/// statistics and the diff image is attached as `diff.png`.
extension SnapshotTesting.Diffing where Value == Data {
    /// PNG bytes compared as decoded pixels under `options` (DESIGN §7); undecodable bytes fail
    /// with the decoder's message.
    public static func gridPNG(_ options: ComparisonOptions = .perceptual) -> SnapshotTesting.Diffing<Data> {
        .diff(
            toData: { $0 },
            fromData: { $0 },
            diffV2: { expected, actual in
                let old: RGBAImage, new: RGBAImage
                do {
                    old = try RGBAImage(pngData: expected, file: "reference")
                    new = try RGBAImage(pngData: actual, file: "snapshot")
                } catch {
                    return ("cannot compare: \(error)", [])
                }
                let comparison = ImageComparison(expected: old, actual: new, options: options)
                let result = comparison.result
                if result.passed { return nil }
                var attachments: [DiffAttachment] = []
                if let diff = try? comparison.diffImage().pngData(compressionLevel: 1) {
                    attachments.append(.data(diff, name: "diff.png"))
                }
                return (result.summary, attachments)
            })
    }

    /// SVG bytes compared as text after `SVGNormalizer` (ids renumbered, one tag per line).
    public static var gridSVG: SnapshotTesting.Diffing<Data> {
        .diff(
            toData: { Data(SVGNormalizer.normalize(String(decoding: $0, as: UTF8.self)).utf8) },
            fromData: { $0 },
            diffV2: { expected, actual in
                let old = SVGNormalizer.normalize(String(decoding: expected, as: UTF8.self))
                let new = SVGNormalizer.normalize(String(decoding: actual, as: UTF8.self))
                if old == new { return nil }
                let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
                let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
                let first = zip(oldLines, newLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(oldLines.count, newLines.count)
                var message = "SVG differs after normalising ids and whitespace, first at line \(first + 1)"
                if first < oldLines.count { message += "\n- \(oldLines[first])" }
                if first < newLines.count { message += "\n+ \(newLines[first])" }
                return (message, [])
            })
    }
}

extension SnapshotTesting.Snapshotting where Value == Document, Format == Data {
    /// The document rendered to PNG, compared under `perceptual`.
    public static var png: SnapshotTesting.Snapshotting<Document, Data> { .png() }

    /// The document rendered to PNG (at `scale` when given, else `canvas.scale`), compared under
    /// `options`. A document that cannot be rendered fails the assertion with its error.
    public static func png(_ options: ComparisonOptions = .perceptual, scale: Double? = nil,
                           theme: String? = nil) -> SnapshotTesting.Snapshotting<Document, Data> {
        SnapshotTesting.Snapshotting(pathExtension: "png", diffing: .gridPNG(options)) { document in
            do {
                return try DocumentRendering.png(document, scale: scale, theme: theme).pngData()
            } catch {
                return Data("gridrender could not render the document: \(error)".utf8)
            }
        }
    }

    /// The document rendered to SVG, stored normalised and compared as text.
    public static var svg: SnapshotTesting.Snapshotting<Document, Data> {
        SnapshotTesting.Snapshotting(pathExtension: "svg", diffing: .gridSVG) { document in
            do {
                return Data(try DocumentRendering.svg(document).utf8)
            } catch {
                return Data("gridrender could not render the document: \(error)".utf8)
            }
        }
    }
}
