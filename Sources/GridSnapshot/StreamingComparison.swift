import Foundation

/// Compares two PNG files row by row, holding five rows of each image (the rows the
/// anti-aliasing test can reach) instead of both pictures, and streams the diff image row by row
/// to its PNG file: comparing two 80-megapixel images takes a few megabytes, not 640 MB, and
/// costs little more than decoding them. The per-pixel tests are `PixelClassifier`'s, so the
/// result equals `ImageComparison`'s on the same pair.
///
/// Both headers are read first: an image over the pixel budget is refused, and images whose sizes
/// differ (when that is not allowed) are reported without decoding a pixel unless a diff image is
/// wanted.
package enum StreamingComparison {
    /// Images with more pixels than this are refused before decoding (`--max-image-pixels`):
    /// 400 million pixels, more than a 20000×20000 rendering.
    package static let defaultPixelBudget: UInt64 = 400_000_000

    /// Rows of each image kept: y−2 … y+2.
    static let ringRows = 5

    /// - Parameters:
    ///   - masks: rectangles of the expected image left out of the comparison.
    ///   - diff: where to write the diff image (expected | diff | actual), atomically; nil for none.
    ///   - pixelBudget: the most pixels either image may have.
    package static func compare(expected: String, actual: String, options: ComparisonOptions = .strict,
                               masks: [ComparisonResult.Rect] = [], diff: String? = nil,
                               pixelBudget: UInt64 = defaultPixelBudget) throws(ImageError) -> ComparisonResult {
        let e = try PNGRowReader(path: expected)
        let a = try PNGRowReader(path: actual)
        try e.check(budget: pixelBudget)
        try a.check(budget: pixelBudget)
        if options.alignRows { return try rowAligned(expected: expected, actual: actual, options: options, masks: masks, diff: diff) }
        let expectedSize = ComparisonResult.Size(width: e.width, height: e.height)
        let actualSize = ComparisonResult.Size(width: a.width, height: a.height)
        if expectedSize != actualSize && !options.allowSizeMismatch && diff == nil {
            return PixelClassifier.sizeMismatch(expectedSize: expectedSize, actualSize: actualSize, options: options)
        }
        try e.start()
        try a.start()
        var run = Run(expected: e, actual: a, options: options, masks: masks)
        if let diff {
            var result: ComparisonResult?
            try FileIO.atomically(diff) { temporary throws(ImageError) in
                result = try run.compare(diffPath: temporary)
            }
            return result!
        }
        return try run.compare(diffPath: nil)
    }

    /// `--align rows`: both images decoded (rows are matched across the whole height), then
    /// `RowAlignedComparison`; within the pixel budget already checked.
    static func rowAligned(expected: String, actual: String, options: ComparisonOptions, masks: [ComparisonResult.Rect],
                           diff: String?) throws(ImageError) -> ComparisonResult {
        let outcome = RowAlignedComparison.compare(expected: try RGBAImage(contentsOfPNGFile: expected),
                                                   actual: try RGBAImage(contentsOfPNGFile: actual), options: options, masks: masks)
        if let diff {
            try FileIO.atomically(diff) { temporary throws(ImageError) in try outcome.diffImage().writePNG(to: temporary) }
        }
        return outcome.result
    }

    /// The state of one streamed comparison: a ring of rows per image and the classifier.
    private struct Run {
        let e: PNGRowReader, a: PNGRowReader
        let width: Int, height: Int
        var classifier: PixelClassifier
        var eRing: [UInt8], aRing: [UInt8]
        var eLoaded = 0, aLoaded = 0

        init(expected: PNGRowReader, actual: PNGRowReader, options: ComparisonOptions, masks: [ComparisonResult.Rect]) {
            e = expected; a = actual
            width = min(e.width, a.width)
            height = min(e.height, a.height)
            classifier = PixelClassifier(width: width, height: height, options: options, masks: masks)
            eRing = [UInt8](repeating: 0, count: e.width * 4 * StreamingComparison.ringRows)
            aRing = [UInt8](repeating: 0, count: a.width * 4 * StreamingComparison.ringRows)
        }

        /// Decodes rows of `reader` into its ring until row `last` (clamped to the image) is in.
        private static func load(_ reader: PNGRowReader, ring: inout [UInt8], loaded: inout Int, through last: Int) throws(ImageError) {
            let target = min(last, reader.height - 1)
            let rowBytes = reader.width * 4
            while loaded <= target {
                let slot = loaded % StreamingComparison.ringRows
                try ring.withUnsafeMutableBufferPointer { r throws(ImageError) in
                    try reader.read(into: r.baseAddress! + slot * rowBytes, stride: rowBytes, rows: 1)
                }
                loaded += 1
            }
        }

        mutating func compare(diffPath: String?) throws(ImageError) -> ComparisonResult {
            var painter = DiffRowPainter(expectedWidth: e.width, expectedHeight: e.height,
                                         actualWidth: a.width, actualHeight: a.height)
            let writer = try diffPath.map { path throws(ImageError) in
                try PNGRowWriter(path: path, width: painter.width, height: painter.height, alpha: true,
                                 compressionLevel: 1, filter: PNGRowWriter.filterNone)
            }
            var classes = [UInt8](repeating: 0, count: max(width, 1))
            var diffRow = [UInt8](repeating: 0, count: writer == nil ? 0 : painter.rowBytes)
            let rows = writer == nil ? height : painter.height
            for y in 0 ..< rows {
                try Self.load(e, ring: &eRing, loaded: &eLoaded, through: y + 2)
                try Self.load(a, ring: &aRing, loaded: &aLoaded, through: y + 2)
                let eRowBytes = e.width * 4, aRowBytes = a.width * 4
                let slot = y % StreamingComparison.ringRows
                let eWidth = e.width, aWidth = a.width, eHeight = e.height, aHeight = a.height
                let compared = y < height && width > 0
                eRing.withUnsafeBufferPointer { eb in
                    aRing.withUnsafeBufferPointer { ab in
                        classes.withUnsafeMutableBufferPointer { c in
                            if compared {
                                classifier.classifyRow(
                                    y, expected: PixelView(base: eb.baseAddress!, width: eWidth, ringRows: StreamingComparison.ringRows),
                                    actual: PixelView(base: ab.baseAddress!, width: aWidth, ringRows: StreamingComparison.ringRows),
                                    into: c.baseAddress!)
                            }
                            guard writer != nil else { return }
                            diffRow.withUnsafeMutableBufferPointer { d in
                                painter.paint(row: y,
                                              expected: y < eHeight ? eb.baseAddress! + slot * eRowBytes : nil,
                                              actual: y < aHeight ? ab.baseAddress! + slot * aRowBytes : nil,
                                              classes: compared ? UnsafePointer(c.baseAddress!) : nil,
                                              into: d.baseAddress!)
                            }
                        }
                    }
                }
                if let writer {
                    try diffRow.withUnsafeBufferPointer { d throws(ImageError) in
                        try writer.write(d.baseAddress!, stride: painter.rowBytes, count: 1)
                    }
                }
            }
            try writer?.finish()
            return classifier.result(expectedSize: .init(width: e.width, height: e.height),
                                     actualSize: .init(width: a.width, height: a.height))
        }
    }
}
