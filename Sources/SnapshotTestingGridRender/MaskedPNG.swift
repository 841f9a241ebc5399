import Foundation
import GridSnapshot

/// A rendered PNG with the rectangles its `SnapshotMask`s resolved to, carried through
/// swift-snapshot-testing's `Data` format as a trailer after the PNG's bytes: the masks need the
/// document, which only the snapshot closure sees, and `Diffing.gridPNG` compares. The trailer
/// never reaches a file: `Diffing.gridPNG`'s `toData` and the adapter's artifacts strip it.
enum MaskedPNG {
    static let marker = Data("\u{0}gridrender masks\u{0}".utf8)

    /// `png` followed by the marker and the rectangles as JSON; `png` alone without rectangles.
    static func join(_ png: Data, _ masks: [GridSnapshot.ComparisonResult.Rect]) -> Data {
        guard !masks.isEmpty, let json = try? JSONEncoder().encode(masks) else { return png }
        return png + marker + json
    }

    /// The PNG bytes and the rectangles carried after them (none when there is no trailer).
    static func split(_ data: Data) -> (png: Data, masks: [GridSnapshot.ComparisonResult.Rect]) {
        guard let range = data.range(of: marker, options: .backwards),
              let masks = try? JSONDecoder().decode([GridSnapshot.ComparisonResult.Rect].self, from: data[range.upperBound...])
        else { return (data, []) }
        return (data[..<range.lowerBound], masks)
    }
}
