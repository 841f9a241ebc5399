/// Binary searches over track offsets, for visible-range queries. Tracks are in order and do
/// not overlap (gaps are never negative), so both offsets and ends are non-decreasing.
enum TrackSearch {
    /// The index of the first track whose end is greater than `position` (`tracks.count` if none).
    static func firstEnding(after position: Double, in tracks: [Track]) -> Int {
        var low = 0, high = tracks.count
        while low < high {
            let mid = (low + high) / 2
            if tracks[mid].end > position { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The index of the last track whose offset is less than `position` (-1 if none).
    static func lastStarting(before position: Double, in tracks: [Track]) -> Int {
        var low = 0, high = tracks.count
        while low < high {
            let mid = (low + high) / 2
            if tracks[mid].offset < position { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    /// The tracks that intersect the open interval (`lower`, `upper`), starting no earlier
    /// than `minimum`; an empty range at the right place when none do.
    static func visible(_ tracks: [Track], from lower: Double, to upper: Double, atLeast minimum: Int = 0) -> Range<Int> {
        let floor = minimum.clamped(0, tracks.count)
        guard upper > lower else { return floor..<floor }
        let first = Swift.max(firstEnding(after: lower, in: tracks), floor)
        let last = lastStarting(before: upper, in: tracks)
        return first..<Swift.max(first, last + 1)
    }

    /// Candidate tracks for cells whose frames may intersect (`lower`, `upper`): the tracks
    /// that intersect it, or, when the interval falls inside a gap, the two tracks around the
    /// gap (a span covering both may still cross it). nil when there are no tracks.
    static func candidates(_ tracks: [Track], from lower: Double, to upper: Double) -> ClosedRange<Int>? {
        guard !tracks.isEmpty else { return nil }
        let first = firstEnding(after: lower, in: tracks)
        let last = lastStarting(before: upper, in: tracks)
        let low = Swift.min(first, last).clamped(0, tracks.count - 1)
        let high = Swift.max(first, last).clamped(0, tracks.count - 1)
        return low...high
    }
}
