import Foundation

/// The per-pixel tests of a comparison (DESIGN §7), applied one row at a time so the same code
/// serves an in-memory comparison (`ImageComparison`) and a streamed one (`StreamingComparison`),
/// which holds only the five rows of each image that the anti-aliasing test can reach (y−2…y+2).
///
/// Each pixel of the common area goes through these tests in order, the first that applies wins:
/// 0. masked: inside a mask rectangle (not compared, not counted as compared);
/// 1. identical: equal bytes, or both fully transparent;
/// 2. within tolerance: largest channel difference ≤ `channelTolerance`, or (when a YIQ threshold
///    is set) pixelmatch 7.2.0's YIQ delta ≤ 35215·t²;
/// 3. anti-aliased (when enabled): pixelmatch's neighbourhood test in either image;
/// 4. differing.
/// With `channelTolerance` 0 and a threshold, steps 1–4 are pixelmatch's rules exactly, so the
/// differing count equals pixelmatch's (`includeAA` = anti-aliasing counted).
struct PixelClassifier {
    let width: Int
    let height: Int
    let options: ComparisonOptions
    private var mask: RowMask
    private var stats = Statistics()
    private var window: WindowTracker
    private let threshold: Double?

    init(width: Int, height: Int, options: ComparisonOptions, masks: [ComparisonResult.Rect] = []) {
        self.width = width
        self.height = height
        self.options = options
        mask = RowMask(rectangles: masks, width: width, height: height)
        window = WindowTracker(width: width, height: height, side: options.windowSize)
        threshold = options.yiqThreshold.map(YIQ.threshold)
    }

    struct Statistics {
        var identical = 0, withinTolerance = 0, antialiased = 0, differing = 0, masked = 0
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

    /// Classifies row `y` into `out` (`width` bytes of `PixelClass` raw values). Both views must
    /// hold rows y−2…y+2 (those inside the area).
    mutating func classifyRow(_ y: Int, expected e: PixelView, actual a: PixelView, into out: UnsafeMutablePointer<UInt8>) {
        let masked = mask.load(row: y)
        let eRow = UnsafeRawPointer(e.row(y)), aRow = UnsafeRawPointer(a.row(y))
        let tolerance = options.channelTolerance
        if !masked && memcmp(eRow, aRow, width * 4) == 0 {
            // A whole unchanged row, the common case in a snapshot: one memcmp instead of a loop.
            out.update(repeating: PixelClass.identical.rawValue, count: width)
            stats.identical += width
            window.addClean(y: y)
            return
        }
        for x in 0 ..< width {
            if masked && mask.flags[x] != 0 {
                out[x] = PixelClass.masked.rawValue
                stats.masked += 1
                continue
            }
            // Fast path: most pixels of a snapshot are unchanged, so compare whole words first.
            if eRow.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                == aRow.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) {
                out[x] = PixelClass.identical.rawValue
                stats.identical += 1
                continue
            }
            let p = e[x, y], q = a[x, y]
            if p.a == 0 && q.a == 0 {
                out[x] = PixelClass.identical.rawValue
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
                let delta = YIQ.delta(p, q, offset: (y * width + x) * 4)
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
            out[x] = cls.rawValue
            switch cls {
            case .withinTolerance: stats.withinTolerance += 1
            case .antialiased: stats.antialiased += 1
            default:
                stats.differing += 1
                stats.differingBox.add(x, y)
            }
        }
        window.add(row: UnsafeBufferPointer(start: out, count: width), y: y)
    }

    @inline(__always)
    private func absDiff(_ a: UInt8, _ b: UInt8) -> Int { a > b ? Int(a - b) : Int(b - a) }

    // MARK: - Verdict

    /// The statistics and verdict once every row has been classified.
    func result(expectedSize: ComparisonResult.Size, actualSize: ComparisonResult.Size) -> ComparisonResult {
        Self.verdict(stats: stats, window: stats.differing > 0 ? window.best : nil,
                     compared: width * height - stats.masked,
                     expectedSize: expectedSize, actualSize: actualSize, options: options)
    }

    /// The result for images whose sizes differ when that is not allowed: decided from the PNG
    /// headers, before any pixel is decoded, so nothing is compared.
    static func sizeMismatch(expectedSize: ComparisonResult.Size, actualSize: ComparisonResult.Size,
                             options: ComparisonOptions) -> ComparisonResult {
        verdict(stats: Statistics(), window: nil, compared: 0, expectedSize: expectedSize, actualSize: actualSize,
                options: options)
    }

    private static func pixels(_ count: Int, _ adjective: String) -> String {
        "\(count) \(adjective) pixel\(count == 1 ? "" : "s")"
    }

    private static func verdict(stats: Statistics, window: ComparisonResult.Window?, compared: Int,
                                expectedSize: ComparisonResult.Size, actualSize: ComparisonResult.Size,
                                options: ComparisonOptions) -> ComparisonResult {
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
            antialiasedPixels: stats.antialiased, differingPixels: stats.differing, maskedPixels: stats.masked,
            maxChannelDifference: stats.maxChannel, maxColorDelta: stats.maxDelta,
            differingBounds: stats.differingBox.rect, changedBounds: stats.changedBox.rect,
            densestWindow: window, failures: failures, options: options)
    }
}

/// Sliding `side`×`side` window sums of differing pixels in O(width·height), fed one row at a
/// time: a running count per column over the last `side` rows (kept in a ring of differing
/// flags), then a running sum across the columns. The first densest window in reading order wins.
struct WindowTracker {
    let width: Int
    let wx: Int, wy: Int
    private var columns: [Int]
    private var ring: [UInt8]
    /// Differing pixels in each ring slot, so a clean row entering over a clean row is skipped.
    private var slotCounts: [Int]
    private(set) var best: ComparisonResult.Window

    init(width: Int, height: Int, side: Int) {
        self.width = width
        wx = min(side, width); wy = min(side, height)
        columns = [Int](repeating: 0, count: width)
        ring = [UInt8](repeating: 0, count: width * max(wy, 1))
        slotCounts = [Int](repeating: 0, count: max(wy, 1))
        best = ComparisonResult.Window(x: 0, y: 0, width: wx, height: wy, count: -1)
    }

    /// A row with no differing pixel.
    mutating func addClean(y: Int) {
        guard width > 0, wy > 0 else { return }
        // The column counts stay the same when the row leaving the window was clean too, and then
        // no window can beat the best one (ties keep the first).
        if slotCounts[y % wy] == 0 && y >= wy { return }
        let slot = (y % wy) * width
        if y >= wy { for x in 0 ..< width where ring[slot + x] != 0 { columns[x] -= 1 } }
        ring.withUnsafeMutableBufferPointer { r in (r.baseAddress! + slot).update(repeating: 0, count: width) }
        slotCounts[y % wy] = 0
        scan(y: y)
    }

    mutating func add(row classes: UnsafeBufferPointer<UInt8>, y: Int) {
        guard width > 0, wy > 0 else { return }
        let differing = PixelClass.differing.rawValue
        let slot = (y % wy) * width
        if y >= wy {
            for x in 0 ..< width where ring[slot + x] != 0 { columns[x] -= 1 }
        }
        var count = 0
        for x in 0 ..< width {
            let flag: UInt8 = classes[x] == differing ? 1 : 0
            ring[slot + x] = flag
            if flag != 0 { columns[x] += 1; count += 1 }
        }
        slotCounts[y % wy] = count
        scan(y: y)
    }

    private mutating func scan(y: Int) {
        guard y >= wy - 1 else { return }
        var sum = 0
        for x in 0 ..< width {
            sum += columns[x]
            if x >= wx { sum -= columns[x - wx] }
            if x >= wx - 1, sum > best.count {
                best = ComparisonResult.Window(x: x - wx + 1, y: y - wy + 1, width: wx, height: wy, count: sum)
            }
        }
    }
}
