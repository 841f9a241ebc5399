/// Everything needed to size one axis: its tracks, the spacings around and between them,
/// the container length and the policies that apply.
struct AxisSizingInput: Sendable, Hashable {
    var tracks: [SizingTrack]
    /// `tracks.count - 1` gaps (fewer are padded with zero, extra ones ignored).
    var gaps: [Spacing]
    var leading: Spacing
    var trailing: Spacing
    /// nil sizes the axis to its content.
    var container: Double?
    var uniform = false
    var policy: MinimumPolicy = .overflow
    var distribution: Distribution = .start
}

/// The unrounded result of sizing one axis, in points, as segments in order:
/// leading margin, track 0, gap 0, track 1, …, last track, trailing margin.
///
/// Leftover space of `distribution: start` is added to the trailing margin, so with a
/// container the segments always add up to at least the container length (exactly, unless
/// mins make the content overflow).
struct AxisSizes: Sendable, Hashable {
    var leading: Double
    var tracks: [Double]
    var gaps: [Double]
    var trailing: Double

    /// The segments in axis order, ready for pixel snapping.
    var segments: [Double] {
        var result: [Double] = []
        result.reserveCapacity(tracks.count * 2 + 1)
        result.append(leading)
        for (index, size) in tracks.enumerated() {
            if index > 0 { result.append(gaps[index - 1]) }
            result.append(size)
        }
        result.append(trailing)
        return result
    }

    var total: Double { leading + tracks.reduce(0, +) + gaps.reduce(0, +) + trailing }
}

/// Sizes one axis by DESIGN.md §3, steps 1–5: a pure function over plain data, the same for
/// columns and rows.
enum AxisSizer {
    static func size(_ input: AxisSizingInput) -> AxisSizes {
        let tracks = input.tracks
        let count = tracks.count
        let container = input.container.map(\.sanitizedLength)
        var gaps = [Spacing](repeating: .zero, count: Swift.max(0, count - 1))
        for index in gaps.indices where index < input.gaps.count { gaps[index] = input.gaps[index].sanitized }
        let leading = input.leading.sanitized
        let trailing = input.trailing.sanitized

        // Step 1: bases. Fill tracks start at 0 and are clamped only once they have a share.
        var sizes = [Double](repeating: 0, count: count)
        for index in 0..<count {
            let track = tracks[index]
            switch track.role {
            case .fixed, .auto: sizes[index] = track.value
            case .fraction: sizes[index] = (track.value * (container ?? 0)).sanitizedLength
            case .fill: sizes[index] = 0
            }
        }
        if input.uniform {
            // Uniform sizing gives every non-fill track the largest base; fill tracks share
            // free space by weight, which is already uniform for equal weights.
            var largest = 0.0
            for index in 0..<count where tracks[index].role != .fill { largest = Swift.max(largest, sizes[index]) }
            for index in 0..<count where tracks[index].role != .fill { sizes[index] = largest }
        }
        for index in 0..<count where tracks[index].role != .fill { sizes[index] = tracks[index].clamp(sizes[index]) }

        // Step 2: free space.
        var gapSizes = gaps.map(\.size)
        var leadingSize = leading.size
        var trailingSize = trailing.size
        let spacingSum = leadingSize + trailingSize + gapSizes.reduce(0, +)
        let used = sizes.reduce(0, +) + spacingSum
        let free = (container ?? used) - used

        // Steps 3 and 4: fill tracks and stretchable spacings.
        var fillWeight = 0.0
        for index in 0..<count where tracks[index].role == .fill { fillWeight += tracks[index].value }
        let stretchWeight = leading.stretch + trailing.stretch + gaps.reduce(0) { $0 + $1.stretch }
        if free > 0 && fillWeight + stretchWeight > 0 {
            let spacingShare: Double
            switch input.policy {
            case .overflow:
                let total = fillWeight + stretchWeight
                for index in 0..<count where tracks[index].role == .fill {
                    sizes[index] = tracks[index].clamp(free * tracks[index].value / total)
                }
                spacingShare = free / total
            case .reflow:
                spacingShare = reflow(free: free, tracks: tracks, sizes: &sizes, stretchWeight: stretchWeight)
            }
            leadingSize += leading.stretch * spacingShare
            trailingSize += trailing.stretch * spacingShare
            for index in gaps.indices { gapSizes[index] += gaps[index].stretch * spacingShare }
        } else {
            for index in 0..<count where tracks[index].role == .fill { sizes[index] = tracks[index].clamp(0) }
        }

        // Step 5: leftover space goes by distribution.
        if let container {
            let total = leadingSize + trailingSize + gapSizes.reduce(0, +) + sizes.reduce(0, +)
            let leftover = container - total
            if leftover > 0 {
                distribute(leftover, input.distribution, tracks: tracks, sizes: &sizes,
                           leading: &leadingSize, gaps: &gapSizes, trailing: &trailingSize)
            }
        }
        return AxisSizes(leading: leadingSize, tracks: sizes, gaps: gapSizes, trailing: trailingSize)
    }

    /// CSS `fr` sharing (the flexbox "resolve flexible lengths" loop): share the free space
    /// among the unfrozen fill tracks and stretchable spacings; if any track violates its min
    /// or max, freeze the min violators (when the total violation is positive), the max
    /// violators (negative) or all of them (zero) at their clamped size and share again.
    /// Every round freezes at least one track, so it ends. Returns the free space per unit of
    /// stretch weight left for the spacings.
    private static func reflow(free: Double, tracks: [SizingTrack], sizes: inout [Double],
                               stretchWeight: Double) -> Double {
        var unfrozen = tracks.indices.filter { tracks[$0].role == .fill }
        var frozenTotal = 0.0
        while true {
            let remaining = Swift.max(0, free - frozenTotal)
            let weight = unfrozen.reduce(stretchWeight) { $0 + tracks[$1].value }
            guard weight > 0 else {
                for index in unfrozen { sizes[index] = tracks[index].clamp(0) }
                return 0
            }
            var violation = 0.0
            for index in unfrozen {
                let target = remaining * tracks[index].value / weight
                let clamped = tracks[index].clamp(target)
                sizes[index] = clamped
                violation += clamped - target
            }
            let stillFree = unfrozen.filter { index in
                let target = remaining * tracks[index].value / weight
                let clamped = sizes[index]
                if clamped == target { return true }
                if violation > 0 { return clamped < target }   // keep max violators unfrozen
                if violation < 0 { return clamped > target }   // keep min violators unfrozen
                return false
            }
            if stillFree.count == unfrozen.count { return remaining / weight }
            let stillFreeSet = Set(stillFree)
            for index in unfrozen where !stillFreeSet.contains(index) { frozenTotal += sizes[index] }
            unfrozen = stillFree
        }
    }

    /// Step 5: where leftover space goes when nothing (or not everything) took it.
    /// `stretch` grows the auto tracks equally; with no auto track it grows every track
    /// equally, so `stretch` always fills the container (max is not applied to the growth).
    private static func distribute(_ leftover: Double, _ distribution: Distribution, tracks: [SizingTrack],
                                   sizes: inout [Double], leading: inout Double, gaps: inout [Double],
                                   trailing: inout Double) {
        let count = sizes.count
        switch distribution {
        case _ where count == 0, .start:
            trailing += leftover
        case .end:
            leading += leftover
        case .center:
            leading += leftover / 2
            trailing += leftover / 2
        case .spaceBetween:
            if count < 2 { trailing += leftover; return }
            let share = leftover / Double(count - 1)
            for index in gaps.indices { gaps[index] += share }
        case .spaceAround:
            let share = leftover / Double(count)
            leading += share / 2
            trailing += share / 2
            for index in gaps.indices { gaps[index] += share }
        case .spaceEvenly:
            let share = leftover / Double(count + 1)
            leading += share
            trailing += share
            for index in gaps.indices { gaps[index] += share }
        case .stretch:
            let autos = tracks.indices.filter { tracks[$0].role == .auto }
            let growing = autos.isEmpty ? Array(tracks.indices) : autos
            let share = leftover / Double(growing.count)
            for index in growing { sizes[index] += share }
        }
    }
}
