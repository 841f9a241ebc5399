/// Compares two decoded images pixel by pixel (DESIGN §7) and keeps the per-pixel classes, from
/// which the statistics, the verdict and the diff image are derived. The tests applied to each
/// pixel are `PixelClassifier`'s; `StreamingComparison` applies the same ones to PNG files row by
/// row without holding either image.
package struct ImageComparison: Sendable {
    package let expected: RGBAImage
    package let actual: RGBAImage
    package let options: ComparisonOptions
    package let result: ComparisonResult
    /// Width and height of the compared (common top-left) area.
    package let comparedWidth: Int
    package let comparedHeight: Int
    /// One `PixelClass` raw value per compared pixel, row by row.
    let classes: [UInt8]

    /// - Parameter masks: rectangles of the expected image left out of the comparison.
    package init(expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions = .strict,
                masks: [ComparisonResult.Rect] = []) {
        self.expected = expected
        self.actual = actual
        self.options = options
        let width = min(expected.width, actual.width)
        let height = min(expected.height, actual.height)
        comparedWidth = width
        comparedHeight = height
        var classes = [UInt8](repeating: PixelClass.identical.rawValue, count: width * height)
        var classifier = PixelClassifier(width: width, height: height, options: options, masks: masks)
        if width > 0 && height > 0 {
            expected.pixels.withUnsafeBufferPointer { e in
                actual.pixels.withUnsafeBufferPointer { a in
                    classes.withUnsafeMutableBufferPointer { out in
                        let ev = PixelView(base: e.baseAddress!, width: expected.width)
                        let av = PixelView(base: a.baseAddress!, width: actual.width)
                        for y in 0 ..< height {
                            classifier.classifyRow(y, expected: ev, actual: av, into: out.baseAddress! + y * width)
                        }
                    }
                }
            }
        }
        self.classes = classes
        result = classifier.result(expectedSize: .init(width: expected.width, height: expected.height),
                                   actualSize: .init(width: actual.width, height: actual.height))
    }

    /// The class of a pixel of the compared area.
    package func pixelClass(x: Int, y: Int) -> PixelClass {
        precondition(x >= 0 && x < comparedWidth && y >= 0 && y < comparedHeight)
        return PixelClass(rawValue: classes[y * comparedWidth + x])!
    }
}
