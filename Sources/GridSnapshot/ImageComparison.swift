/// Compares two decoded images pixel by pixel (DESIGN §7) and keeps the per-pixel classes, from
/// which the statistics, the verdict and the diff image are derived.
///
/// Each pixel of the common area goes through these tests in order, the first that applies wins:
/// 1. identical: equal bytes, or both fully transparent;
/// 2. within tolerance: largest channel difference ≤ `channelTolerance`, or (when a YIQ threshold
///    is set) YIQ delta ≤ 35215·t²;
/// 3. anti-aliased (when enabled): the pixel looks like an anti-aliased edge in either image;
/// 4. differing.
/// The verdict then checks the size, the anti-aliasing cap and the differing-pixel limits.
public struct ImageComparison: Sendable {
    public let expected: RGBAImage
    public let actual: RGBAImage
    public let options: ComparisonOptions
    public let result: ComparisonResult
    /// Width and height of the compared (common top-left) area.
    public let comparedWidth: Int
    public let comparedHeight: Int
    /// One `PixelClass` raw value per compared pixel, row by row.
    let classes: [UInt8]

    public init(expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions = .strict) {
        self.expected = expected
        self.actual = actual
        self.options = options
        let width = min(expected.width, actual.width)
        let height = min(expected.height, actual.height)
        comparedWidth = width
        comparedHeight = height
        var classes = [UInt8](repeating: PixelClass.identical.rawValue, count: width * height)
        var stats = Statistics()
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                classes.withUnsafeMutableBufferPointer { out in
                    Self.classify(expected: PixelView(bytes: e, stride: expected.width),
                                  actual: PixelView(bytes: a, stride: actual.width),
                                  width: width, height: height, options: options, into: out, stats: &stats)
                }
            }
        }
        let window = stats.differing > 0
            ? Self.densestWindow(classes, width: width, height: height, side: options.windowSize) : nil
        self.classes = classes
        result = Self.verdict(stats: stats, window: window, width: width, height: height,
                              expected: expected, actual: actual, options: options)
    }

    /// The class of a pixel of the compared area.
    public func pixelClass(x: Int, y: Int) -> PixelClass {
        precondition(x >= 0 && x < comparedWidth && y >= 0 && y < comparedHeight)
        return PixelClass(rawValue: classes[y * comparedWidth + x])!
    }

    // MARK: - Classification

    struct Statistics {
        var identical = 0, withinTolerance = 0, antialiased = 0, differing = 0
        var maxChannel = 0
        var maxDelta = 0.0
        var differingBox = Box()
        var changedBox = Box()
    }

    struct Box {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        mutating func add(_ x: Int, _ y: Int) {
            if x < minX { minX = x }
            if x > maxX { maxX = x }
            if y < minY { minY = y }
            if y > maxY { maxY = y }
        }
        var rect: ComparisonResult.Rect? {
            maxX < 0 ? nil : ComparisonResult.Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }
    }

    private static func classify(expected e: PixelView, actual a: PixelView, width: Int, height: Int,
                                 options: ComparisonOptions, into out: UnsafeMutableBufferPointer<UInt8>,
                                 stats: inout Statistics) {
        let tolerance = options.channelTolerance
        let threshold = options.yiqThreshold.map(YIQ.threshold)
        guard width > 0, height > 0, let eBase = e.bytes.baseAddress, let aBase = a.bytes.baseAddress else { return }
        let eRaw = UnsafeRawPointer(eBase), aRaw = UnsafeRawPointer(aBase)
        for y in 0 ..< height {
            let eRow = y * e.stride * 4, aRow = y * a.stride * 4
            for x in 0 ..< width {
                // Fast path: most pixels of a snapshot are unchanged, so compare whole words first.
                let ew = eRaw.loadUnaligned(fromByteOffset: eRow + x * 4, as: UInt32.self)
                let aw = aRaw.loadUnaligned(fromByteOffset: aRow + x * 4, as: UInt32.self)
                if ew == aw {
                    stats.identical += 1
                    continue
                }
                let p = e[x, y], q = a[x, y]
                if p.a == 0 && q.a == 0 {
                    stats.identical += 1
                    continue
                }
                stats.changedBox.add(x, y)
                let dmax = max(absDiff(p.r, q.r), absDiff(p.g, q.g), absDiff(p.b, q.b), absDiff(p.a, q.a))
                if dmax > stats.maxChannel { stats.maxChannel = dmax }
                let cls: PixelClass
                if dmax <= tolerance {
                    cls = .withinTolerance
                } else {
                    let delta = YIQ.delta(p, q)
                    if delta > stats.maxDelta { stats.maxDelta = delta }
                    if let threshold, delta <= threshold {
                        cls = .withinTolerance
                    } else if options.ignoreAntialiasing
                                && (Antialiasing.isAntialiased(e, other: a, x: x, y: y, width: width, height: height)
                                    || Antialiasing.isAntialiased(a, other: e, x: x, y: y, width: width, height: height)) {
                        cls = .antialiased
                    } else {
                        cls = .differing
                    }
                }
                out[y * width + x] = cls.rawValue
                switch cls {
                case .identical: stats.identical += 1
                case .withinTolerance: stats.withinTolerance += 1
                case .antialiased: stats.antialiased += 1
                case .differing:
                    stats.differing += 1
                    stats.differingBox.add(x, y)
                }
            }
        }
    }

    @inline(__always)
    private static func absDiff(_ a: UInt8, _ b: UInt8) -> Int { a > b ? Int(a - b) : Int(b - a) }

    /// Sliding `side`×`side` window sums of differing pixels in O(width·height): a running count per
    /// column over the last `side` rows, then a running sum across the columns.
    static func densestWindow(_ classes: [UInt8], width: Int, height: Int, side: Int) -> ComparisonResult.Window? {
        guard width > 0, height > 0 else { return nil }
        let wx = min(side, width), wy = min(side, height)
        let differing = PixelClass.differing.rawValue
        var columns = [Int](repeating: 0, count: width)
        var best = ComparisonResult.Window(x: 0, y: 0, width: wx, height: wy, count: -1)
        for y in 0 ..< height {
            let row = y * width
            for x in 0 ..< width where classes[row + x] == differing { columns[x] += 1 }
            if y >= wy {
                let old = (y - wy) * width
                for x in 0 ..< width where classes[old + x] == differing { columns[x] -= 1 }
            }
            guard y >= wy - 1 else { continue }
            var sum = 0
            for x in 0 ..< width {
                sum += columns[x]
                if x >= wx { sum -= columns[x - wx] }
                if x >= wx - 1, sum > best.count {
                    best = ComparisonResult.Window(x: x - wx + 1, y: y - wy + 1, width: wx, height: wy, count: sum)
                }
            }
        }
        return best
    }

    // MARK: - Verdict

    private static func pixels(_ count: Int, _ adjective: String) -> String {
        "\(count) \(adjective) pixel\(count == 1 ? "" : "s")"
    }

    private static func verdict(stats: Statistics, window: ComparisonResult.Window?, width: Int, height: Int,
                                expected: RGBAImage, actual: RGBAImage,
                                options: ComparisonOptions) -> ComparisonResult {
        let compared = width * height
        let expectedSize = ComparisonResult.Size(width: expected.width, height: expected.height)
        let actualSize = ComparisonResult.Size(width: actual.width, height: actual.height)
        var failures: [ComparisonResult.Failure] = []
        if expectedSize != actualSize && !options.allowSizeMismatch {
            failures.append(.init(kind: "sizeMismatch",
                                  message: "size mismatch: expected \(expectedSize), actual \(actualSize)"))
        }
        if options.ignoreAntialiasing, let cap = options.maxAntialiasedFraction {
            let limit = Int((cap * Double(compared)).rounded(.down))
            if stats.antialiased > limit {
                failures.append(.init(kind: "antialiasedCap", message:
                    "\(pixels(stats.antialiased, "anti-aliased")) exceed the cap of \(limit) (\(ComparisonResult.percent(cap)) of \(compared)); too many edges changed to be anti-aliasing noise"))
            }
        }
        if let limit = options.maxDifferingPixels, stats.differing > limit {
            failures.append(.init(kind: "maxPixels",
                                  message: "\(pixels(stats.differing, "differing")) \(stats.differing == 1 ? "exceeds" : "exceed") the limit of \(limit)"))
        }
        if let limit = options.maxDifferingFraction, compared > 0,
           Double(stats.differing) > limit * Double(compared) {
            let fraction = Double(stats.differing) / Double(compared)
            failures.append(.init(kind: "maxFraction", message:
                "\(ComparisonResult.percent(fraction)) of pixels differ (\(stats.differing) of \(compared)), above the limit of \(ComparisonResult.percent(limit))"))
        }
        if let limit = options.maxDifferingInWindow, let window, window.count > limit {
            failures.append(.init(kind: "window", message:
                "\(pixels(window.count, "differing")) in the \(window.width)x\(window.height) window at (\(window.x), \(window.y)), above the limit of \(limit)"))
        }
        return ComparisonResult(
            expectedSize: expectedSize, actualSize: actualSize, comparedPixels: compared,
            identicalPixels: stats.identical, withinTolerancePixels: stats.withinTolerance,
            antialiasedPixels: stats.antialiased, differingPixels: stats.differing,
            maxChannelDifference: stats.maxChannel, maxColorDelta: stats.maxDelta,
            differingBounds: stats.differingBox.rect, changedBounds: stats.changedBox.rect,
            densestWindow: window, failures: failures, options: options)
    }
}
