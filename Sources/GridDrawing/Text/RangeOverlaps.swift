/// Which ranges meet which queries, in one sweep: the lookup both run decoration
/// (`TextLayout.decorateRuns`) and link areas (`TextLayout.linkAreas`) need for texts of many
/// runs and many styled spans. Asking every range for every query was runs × spans (40,000 code
/// spans in one cell: 31 s); the sweep is linear in the ranges, the queries and the pairs found,
/// plus sorting the queries and the ranges open at each query (few: spans nest shallowly).
enum RangeOverlaps {
    /// For each of `queries` (any order), the indices of the `ranges` that overlap it, in
    /// increasing index order. `ranges` must be sorted by lower bound (ties in any order); an
    /// empty range meets nothing.
    static func overlapping(_ ranges: [Range<Int>], _ queries: [Range<Int>]) -> [[Int]] {
        var result = [[Int]](repeating: [], count: queries.count)
        guard !ranges.isEmpty else { return result }
        let order = queries.indices.sorted { queries[$0].lowerBound < queries[$1].lowerBound }
        var open: [Int] = []   // ranges started before the latest query's end, in index order
        var next = 0
        for q in order {
            let query = queries[q]
            guard !query.isEmpty else { continue }
            // Queries come by start, so a range ended before this one ends before every later one.
            open.removeAll { ranges[$0].upperBound <= query.lowerBound }
            while next < ranges.count && ranges[next].lowerBound < query.upperBound {
                if !ranges[next].isEmpty { open.append(next) }
                next += 1
            }
            result[q] = open.filter { ranges[$0].overlaps(query) }
        }
        return result
    }
}
