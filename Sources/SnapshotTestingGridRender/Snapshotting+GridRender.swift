import Foundation
import GridDocument
import GridSnapshot
import SnapshotTesting

/// Strategies for pointfreeco's swift-snapshot-testing: `assertSnapshot(of: document, as: .png)`
/// renders a gridrender document through GridDrawing and compares it with GridSnapshot's
/// comparator (decoded pixels, `perceptual` by default) instead of swift-snapshot-testing's byte
/// or image-library comparison, which does not exist on Linux.
///
/// References are swift-snapshot-testing's (`__Snapshots__/<TestFile>/<test>.<n>.png` beside
/// the test, its `record` setting and `SNAPSHOT_TESTING_RECORD`). ``assertSnapshot(of:as:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)``
/// adds what that library cannot do on Linux: a document that fails to render fails the test
/// and is never recorded, and a mismatch writes expected, actual and diff images to GridSnapshot's
/// artifacts folder and ends with the command that accepts the change.
extension Diffing where Value == Data {
    /// PNG bytes compared as decoded pixels under `options` (DESIGN §7); undecodable bytes fail
    /// with the decoder's message. The masks `Snapshotting.png(masks:)` resolved are left out.
    public static func gridPNG(_ options: ComparisonOptions = .perceptual) -> Diffing<Data> {
        .diff(
            toData: { MaskedPNG.split($0).png },
            fromData: { $0 },
            diffV2: { expected, actual in
                let (png, masks) = MaskedPNG.split(actual)
                switch PNGComparison(expected: expected, actual: png, options: options, masks: masks) {
                case .failure(let message): return (message, [])
                case .success(let comparison):
                    let result = comparison.result
                    if result.passed { return nil }
                    var attachments: [DiffAttachment] = []
                    if let diff = try? comparison.diffImage().pngData(compressionLevel: 1) {
                        attachments.append(.data(diff, name: "diff.png"))
                    }
                    // The statistics, for the review page's box and zoom.
                    attachments.append(.data(result.jsonData(), name: "comparison.json"))
                    return (result.summary, attachments)
                }
            })
    }

    /// SVG bytes compared as text after `SVGNormalizer` (ids renumbered, one tag per line); a
    /// difference is reported as GridSnapshot reports it (`VectorSnapshotDiff.svg`): one line, and
    /// both sides rasterized into expected, actual and diff PNGs (the text diff kept as a file).
    public static var gridSVG: Diffing<Data> {
        .diff(
            toData: { Data(SVGNormalizer.normalize(String(decoding: $0, as: UTF8.self)).utf8) },
            fromData: { $0 },
            diffV2: { expected, actual in
                let old = SVGNormalizer.normalize(String(decoding: expected, as: UTF8.self))
                let new = SVGNormalizer.normalize(String(decoding: actual, as: UTF8.self))
                if old == new { return nil }
                let (message, files) = VectorSnapshotDiff.svg(expected: old, actual: new)
                return (message, files.map { .data($0.data, name: "\($0.name).\($0.pathExtension)") })
            })
    }
}

/// Two PNGs decoded and compared, or why they could not be.
enum PNGComparison {
    case success(ImageComparison)
    case failure(String)

    init(expected: Data, actual: Data, options: ComparisonOptions, masks: [GridSnapshot.ComparisonResult.Rect] = []) {
        do {
            let old = try RGBAImage(pngData: expected, file: "reference")
            let new = try RGBAImage(pngData: actual, file: "snapshot")
            self = .success(ImageComparison(expected: old, actual: new, options: options, masks: masks))
        } catch {
            self = .failure("cannot compare: \(error)")
        }
    }
}

extension Snapshotting where Value == Document, Format == Data {
    /// The document rendered to PNG, compared under `perceptual`.
    public static var png: Snapshotting<Document, Data> { .png() }

    /// The document rendered to PNG (at `scale` when given, else `canvas.scale`), compared under
    /// `options`. A document that cannot be rendered fails the assertion with its error and is
    /// never recorded. `masks` leave columns, matching cells or rectangles out of the comparison,
    /// resolved through the document at the image's scale (`SnapshotMask`); a mask naming a
    /// column the document lacks fails the assertion with that error.
    public static func png(_ options: ComparisonOptions = .perceptual, scale: Double? = nil,
                           theme: String? = nil, masks: [SnapshotMask] = []) -> Snapshotting<Document, Data> {
        Snapshotting(pathExtension: "png", diffing: .gridPNG(options)) { document in
            RenderFailure.capturing {
                let image = try DocumentRendering.png(document, scale: scale, theme: theme)
                let png = try image.pngData()
                guard !masks.isEmpty else { return png }
                return MaskedPNG.join(png, try SnapshotMask.rectangles(
                    masks, document: document, theme: theme, imageSize: .init(width: image.width, height: image.height)))
            }
        }
    }

    /// The document rendered to SVG, stored normalised and compared as text.
    public static var svg: Snapshotting<Document, Data> {
        Snapshotting(pathExtension: "svg", diffing: .gridSVG) { document in
            RenderFailure.capturing { Data(try DocumentRendering.svg(document).utf8) }
        }
    }
}

/// A render error carried through swift-snapshot-testing's non-throwing snapshot closure as
/// marked bytes, so ``assertSnapshot(of:as:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)``
/// can fail the test with the error instead of recording it.
enum RenderFailure {
    static let marker = Data("\u{0}gridrender render failure\u{0}".utf8)

    static func capturing(_ render: () throws -> Data) -> Data {
        do { return try render() } catch { return marker + Data("\(error)".utf8) }
    }

    /// The error message when `data` is a captured failure.
    static func message(in data: Data) -> String? {
        guard data.starts(with: marker) else { return nil }
        return String(decoding: data.dropFirst(marker.count), as: UTF8.self)
    }
}
