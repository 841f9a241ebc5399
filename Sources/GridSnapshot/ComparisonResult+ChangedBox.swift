extension ComparisonResult.Rect {
    /// The smallest rectangle holding both.
    package func union(_ other: Self) -> Self {
        let left = Swift.min(x, other.x), top = Swift.min(y, other.y)
        let right = Swift.max(x + width, other.x + other.width), bottom = Swift.max(y + height, other.y + other.height)
        return Self(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension ComparisonResult {
    /// The area a reviewer should look at, in pixels of the expected image (the compared area is
    /// the images' common top-left part, so the same pixels of the actual image): the bounding box
    /// of the differing pixels, grown over the strips only one image covers when the sizes
    /// differ. A failed comparison with no differing pixel (too many anti-aliased ones) gets the
    /// box of every pixel that is not identical. Nil when there is nothing to point at.
    ///
    /// Written as `changedBox` in `compare --json`'s folder entries and drawn by the review page.
    package var changedBox: Rect? {
        Self.changedBox(expectedSize: expectedSize, actualSize: actualSize, differingBounds: differingBounds,
                        changedBounds: changedBounds, passed: passed)
    }

    /// The rule of `changedBox`, for statistics read back from their JSON (`Geometry`).
    static func changedBox(expectedSize: Size, actualSize: Size, differingBounds: Rect?, changedBounds: Rect?,
                           passed: Bool) -> Rect? {
        var box = differingBounds
        func add(_ rect: Rect) { box = box.map { $0.union(rect) } ?? rect }
        let commonWidth = min(expectedSize.width, actualSize.width), commonHeight = min(expectedSize.height, actualSize.height)
        let width = max(expectedSize.width, actualSize.width), height = max(expectedSize.height, actualSize.height)
        if width > commonWidth, height > 0 { add(Rect(x: commonWidth, y: 0, width: width - commonWidth, height: height)) }
        if height > commonHeight, width > 0 { add(Rect(x: 0, y: commonHeight, width: width, height: height - commonHeight)) }
        if box == nil, !passed { box = changedBounds }
        return box
    }

    /// What the review page needs of a comparison, read back from its JSON (the `comparison`
    /// attachment of a snapshot failure).
    package struct Geometry: Decodable, Sendable {
        package var passed: Bool
        package var expectedSize: Size
        package var actualSize: Size
        package var differingBounds: Rect?
        package var changedBounds: Rect?

        package init(_ result: ComparisonResult) {
            passed = result.passed
            expectedSize = result.expectedSize
            actualSize = result.actualSize
            differingBounds = result.differingBounds
            changedBounds = result.changedBounds
        }

        package var changedBox: Rect? {
            ComparisonResult.changedBox(expectedSize: expectedSize, actualSize: actualSize,
                                        differingBounds: differingBounds, changedBounds: changedBounds, passed: passed)
        }
    }
}
