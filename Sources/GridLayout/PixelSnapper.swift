/// Turns the unrounded segments of an axis into whole points (DESIGN.md §3, "Snapping").
///
/// An axis is a sequence of segments (margin, track, gap, track, …, margin); snapping works
/// on segment sizes, never on cells, so adjacent cells always share one edge. Snapping happens
/// once, in points, whatever the scale: the scale only multiplies afterwards (`PixelEdges`), so
/// at an integer scale every pixel edge is exactly `scale ×` its value at scale 1.
enum PixelSnapper {
    /// Values closer than this to a whole pixel are treated as whole: it keeps floating-point
    /// noise (53.999999999) from deciding which segment gets a leftover pixel.
    static let tolerance = 1e-7

    /// The segments' sizes in points. For `distribute` and `nearest` every result is a whole
    /// number; for `none` the sizes are returned unrounded.
    /// - Parameter isTrack: whether segment i is a track (ties in `distribute` prefer tracks).
    static func snap(_ segments: [Double], isTrack: (Int) -> Bool, mode: Snapping) -> [Double] {
        let pixels = segments
        switch mode {
        case .none:
            return pixels
        case .nearest:
            var result = [Double](repeating: 0, count: pixels.count)
            var edge = 0.0
            var previous = 0.0
            for index in pixels.indices {
                edge += pixels[index]
                let rounded = roundHalfUp(edge)
                result[index] = rounded - previous
                previous = rounded
            }
            return result
        case .distribute:
            return distribute(pixels, isTrack: isTrack)
        }
    }

    /// Floor every segment, then give the leftover whole points (rounded total − Σ floors)
    /// one each to the segments with the largest fractional parts; ties go to tracks before
    /// spacings, then to the lower index.
    static func distribute(_ pixels: [Double], isTrack: (Int) -> Bool) -> [Double] {
        var floors = [Double](repeating: 0, count: pixels.count)
        var fractions = [Double](repeating: 0, count: pixels.count)
        var total = 0.0
        var floorSum = 0.0
        for index in pixels.indices {
            let value = pixels[index]
            total += value
            let whole = clean(value).rounded(.down)
            floors[index] = whole
            floorSum += whole
            // Quantized so that equal shares computed with different rounding still tie.
            fractions[index] = Swift.min(Swift.max(((value - whole) * 1e8).rounded(), 0), 1e8)
        }
        let leftover = Swift.min(Swift.max(roundHalfUp(total) - floorSum, 0), Double(pixels.count))
        let extra = Int(leftover)
        guard extra > 0 else { return floors }
        if pixels.count < 1 << 24 {
            // One packed key per segment — fraction (descending), spacing after track, index —
            // sorts as plain integers, several times faster than a comparator on a long axis.
            var keys = [UInt64](repeating: 0, count: pixels.count)
            for index in pixels.indices {
                let fraction = UInt64(1e8 - fractions[index])
                keys[index] = fraction << 25 | (isTrack(index) ? 0 : 1) << 24 | UInt64(index)
            }
            keys.sort()
            for key in keys.prefix(extra) { floors[Int(key & 0xFF_FFFF)] += 1 }
            return floors
        }
        let order = pixels.indices.sorted { a, b in
            if fractions[a] != fractions[b] { return fractions[a] > fractions[b] }
            let trackA = isTrack(a), trackB = isTrack(b)
            if trackA != trackB { return trackA }
            return a < b
        }
        for index in order.prefix(extra) { floors[index] += 1 }
        return floors
    }

    /// Rounds to the nearest whole number, halves up (and near-halves, within `tolerance`).
    static func roundHalfUp(_ value: Double) -> Double { (value + 0.5 + tolerance).rounded(.down) }

    /// `value` with floating-point noise around whole numbers removed.
    static func clean(_ value: Double) -> Double {
        let rounded = value.rounded()
        return abs(value - rounded) < tolerance ? rounded : value
    }
}
