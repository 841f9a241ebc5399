import GridLayout

extension Array where Element == Track {
    /// Indices of the tracks that overlap `low..<high`, by binary search (tracks are sorted), so a
    /// band or page finds its rows without walking the table.
    func indices(overlapping low: Double, _ high: Double) -> Range<Int> {
        var lo = 0, hi = count
        while lo < hi { let mid = (lo + hi) / 2; if self[mid].end <= low { lo = mid + 1 } else { hi = mid } }
        let first = lo
        hi = count
        while lo < hi { let mid = (lo + hi) / 2; if self[mid].offset < high { lo = mid + 1 } else { hi = mid } }
        return first..<Swift.max(first, lo)
    }
}
