import Foundation
import GridDocument

/// `compare --align rows`: two images of a table whose rows were inserted or removed are compared
/// after matching their horizontal pixel rows, so one inserted table row is one inserted band, not
/// "everything below changed". Rows are matched by their bytes as `gridrender diff` matches table
/// rows (`RowAlignment`: unique rows anchor, gaps paired where at least half the pixels are equal);
/// the unmatched runs are the bands (y in the image they belong to), and only matched rows are
/// compared pixel by pixel, by the usual classifier and options.
///
/// A band can often slide by a few rows over identical pixels (a background row above a table row
/// equals the one above the next). It is put where its first row is a line: one that differs from
/// the image's commonest row (the background) in at least half its pixels, the more the better
/// (an inserted table row begins with its grid line, not with a row of glyph tops that happens to
/// recur); then where it starts as the rows after it start; then where its edges are edges; then
/// as high as it goes. Without row lines a band's place is only known up to the rows' padding.
package enum RowAlignedComparison {
    package struct Band: Sendable, Hashable, Encodable {
        /// `inserted` (rows of the actual image) or `removed` (rows of the expected one).
        package var status: String
        package var y: Int
        package var height: Int
    }

    /// Gaps of more pixel-row pairs than this are paired positionally.
    static let exhaustivePairs = 250_000

    /// One row of the merged picture: a matched pair (its row in the aligned images), or a row
    /// of only the expected (removed) or only the actual (inserted) image.
    enum MergedRow { case pair(Int), removed(Int), inserted(Int) }

    package struct Outcome {
        package var result: ComparisonResult
        let comparison: ImageComparison
        let merged: [MergedRow]
        let expected: RGBAImage, actual: RGBAImage

        /// The three-panel diff image (expected | diff | actual) in merged order: matched rows as
        /// `ImageComparison` paints them, a removed row beside a red diff row, an inserted one
        /// beside a green one.
        package func diffImage() -> RGBAImage {
            let aligned = comparison.diffImage()
            guard !merged.isEmpty, aligned.width == expected.width * 3 || aligned.height == 0 else { return aligned }
            let panel = expected.width, rowBytes = panel * 3 * 4
            var out = [UInt8](repeating: 0, count: merged.count * rowBytes)
            for (y, row) in merged.enumerated() {
                let at = y * rowBytes
                switch row {
                case .pair(let k):
                    out.replaceSubrange(at ..< at + rowBytes, with: aligned.pixels[k * rowBytes ..< (k + 1) * rowBytes])
                case .removed(let i), .inserted(let i):
                    let removed: Bool = if case .removed = row { true } else { false }
                    let source = removed ? expected : actual, panelAt = removed ? 0 : 2 * panel * 4
                    out.replaceSubrange(at + panelAt ..< at + panelAt + panel * 4,
                                        with: source.pixels[i * panel * 4 ..< (i + 1) * panel * 4])
                    let color = removed ? ImageComparison.darkerColor : ImageComparison.lighterColor
                    for x in 0..<panel {
                        let p = at + (panel + x) * 4
                        out[p] = color.r; out[p + 1] = color.g; out[p + 2] = color.b; out[p + 3] = 255
                    }
                }
            }
            return RGBAImage(width: panel * 3, height: merged.count, pixels: out)
        }
    }

    package static func compare(expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions,
                               masks: [ComparisonResult.Rect] = []) -> Outcome {
        let width = expected.width
        guard width == actual.width else {
            // Rows of different widths cannot be matched: the plain comparison reports the sizes.
            let plain = ImageComparison(expected: expected, actual: actual, options: options, masks: masks)
            return Outcome(result: plain.result, comparison: plain, merged: [], expected: expected, actual: actual)
        }
        let e = rows(expected), a = rows(actual)
        let eCounts = Dictionary(e.map { ($0, 1) }, uniquingKeysWith: +), aCounts = Dictionary(a.map { ($0, 1) }, uniquingKeysWith: +)
        let steps = RowAlignment.align(e, a, alike: { alike(expected, $0, actual, $1) }, exhaustivePairs: exhaustivePairs)
        var pairs: [(Int, Int)] = []
        var merged: [MergedRow] = []
        var bands: [Band] = []
        var inserted: [Int] = [], removed: [Int] = []
        func flush() {
            if !removed.isEmpty {
                bands.append(slid(Band(status: "removed", y: removed[0], height: removed.count), in: expected) { eCounts[e[$0]] ?? 0 })
            }
            if !inserted.isEmpty {
                bands.append(slid(Band(status: "inserted", y: inserted[0], height: inserted.count), in: actual) { aCounts[a[$0]] ?? 0 })
            }
            removed = []; inserted = []
        }
        for step in steps {
            switch step {
            case .match(let i, let j): flush(); merged.append(.pair(pairs.count)); pairs.append((i, j))
            case .removed(let i): removed.append(i); merged.append(.removed(i))
            case .added(let j): inserted.append(j); merged.append(.inserted(j))
            }
        }
        flush()
        // The matched rows, one above the other, compared as two images of one height.
        let alignedExpected = RGBAImage(width: width, height: pairs.count, pixels: gather(expected, pairs.map(\.0)))
        let alignedActual = RGBAImage(width: width, height: pairs.count, pixels: gather(actual, pairs.map(\.1)))
        let alignedMasks = masks.compactMap { mask(in: $0, pairs: pairs) }
        var sized = options
        sized.allowSizeMismatch = true
        let comparison = ImageComparison(expected: alignedExpected, actual: alignedActual, options: sized, masks: alignedMasks)
        var result = comparison.result
        result.expectedSize = .init(width: expected.width, height: expected.height)
        result.actualSize = .init(width: actual.width, height: actual.height)
        result.options = options
        result.bands = bands
        if !bands.isEmpty {
            let counts = ["inserted", "removed"].map { s in bands.filter { $0.status == s }.count }
            result.failures.append(.init(kind: "bands", message: "\(counts[0]) inserted and \(counts[1]) removed band\(counts[0] + counts[1] == 1 ? "" : "s") of rows"))
        }
        return Outcome(result: result, comparison: comparison, merged: merged, expected: expected, actual: actual)
    }

    /// A hash of every pixel row (equal rows, equal hashes; Hasher is seeded per process, which
    /// changes no result: only equality is used).
    static func rows(_ image: RGBAImage) -> [Int] {
        image.pixels.withUnsafeBytes { bytes in
            (0..<image.height).map { y in
                var hasher = Hasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[y * image.width * 4 ..< (y + 1) * image.width * 4]))
                return hasher.finalize()
            }
        }
    }

    /// Whether two rows have at least half of their pixels equal.
    static func alike(_ a: RGBAImage, _ i: Int, _ b: RGBAImage, _ j: Int) -> Bool {
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                let w = a.width
                var equal = 0
                for x in 0..<w where p[(i * w + x) * 4 ..< (i * w + x) * 4 + 4].elementsEqual(q[(j * w + x) * 4 ..< (j * w + x) * 4 + 4]) {
                    equal += 1
                }
                return 2 * equal >= w
            }
        }
    }

    static func gather(_ image: RGBAImage, _ rows: [Int]) -> [UInt8] {
        let rowBytes = image.width * 4
        var out = [UInt8]()
        out.reserveCapacity(rows.count * rowBytes)
        for y in rows { out += image.pixels[y * rowBytes ..< (y + 1) * rowBytes] }
        return out
    }

    /// A mask of the expected image as rows of the aligned pair: the matched rows it covers.
    static func mask(in rect: ComparisonResult.Rect, pairs: [(Int, Int)]) -> ComparisonResult.Rect? {
        guard let first = pairs.firstIndex(where: { $0.0 >= rect.y }) else { return nil }
        let end = pairs.firstIndex(where: { $0.0 >= rect.y + rect.height }) ?? pairs.count
        return end > first ? ComparisonResult.Rect(x: rect.x, y: first, width: rect.width, height: end - first) : nil
    }

    /// `band` moved over identical rows to where its edges are edges (see the type's comment).
    /// `frequency(y)`: how many rows of the image equal row y.
    static func slid(_ band: Band, in image: RGBAImage, frequency: (Int) -> Int) -> Band {
        let rowBytes = image.width * 4
        func same(_ y0: Int, _ y1: Int) -> Bool {
            image.pixels[y0 * rowBytes ..< (y0 + 1) * rowBytes].elementsEqual(image.pixels[y1 * rowBytes ..< (y1 + 1) * rowBytes])
        }
        var top = band.y
        while top > 0, same(top - 1, top - 1 + band.height) { top -= 1 }
        var bottom = band.y
        while bottom + band.height < image.height, same(bottom, bottom + band.height) { bottom += 1 }
        func edges(_ y: Int) -> Int {
            (y == 0 || !same(y - 1, y) ? 1 : 0) + (y + band.height == image.height || !same(y + band.height - 1, y + band.height) ? 1 : 0)
        }
        // Whether the band starts as what follows it starts (at the image's end, nothing follows).
        func startsLikeFollower(_ y: Int) -> Int { y + band.height == image.height || same(y, y + band.height) ? 1 : 0 }
        // The background: the commonest row.
        let background = (0..<image.height).max { frequency($0) < frequency($1) } ?? 0
        func lineness(_ y: Int) -> Int {
            var differing = 0
            for x in 0..<image.width {
                let p = y * rowBytes + x * 4, q = background * rowBytes + x * 4
                if !image.pixels[p ..< p + 4].elementsEqual(image.pixels[q ..< q + 4]) { differing += 1 }
            }
            return 2 * differing >= image.width ? differing : 0
        }
        func rank(_ y: Int) -> (Int, Int, Int) { (-lineness(y), -startsLikeFollower(y), -edges(y)) }
        var best = top
        for y in top...bottom where rank(y) < rank(best) { best = y }
        return Band(status: band.status, y: best, height: band.height)
    }
}
