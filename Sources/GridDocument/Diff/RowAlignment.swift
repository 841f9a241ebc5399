/// Which rows of two tables are the same row, as `git diff` and daff decide it: rows equal in
/// both and found once in each anchor the alignment (a patience diff: the longest increasing run
/// of such rows, then the same between anchors, after the common start and end), and the rows
/// left between two anchors are paired when they look alike (at least half of their cells equal),
/// else removed and added. Time is about linear in the rows plus the pairing of gaps, which is
/// quadratic only up to `exhaustivePairs` pairs per gap and positional beyond.
package enum RowAlignment {
    package enum Step: Equatable, Sendable {
        /// Old row `old` is new row `new` (equal or changed).
        case match(old: Int, new: Int)
        case removed(Int)
        case added(Int)
    }

    /// The most row pairs of one gap weighed one against another (a 1,000 × 1,000 gap).
    static let exhaustivePairs = 1_000_000

    package static func align(_ old: [[String]], _ new: [[String]]) -> [Step] {
        align(old, new, alike: { alike(old[$0], new[$1]) })
    }

    /// The alignment of any two sequences: `old[i] == new[j]` makes rows equal, `alike(i, j)`
    /// says whether rows left between anchors may be paired (`gridrender compare --align rows`
    /// aligns pixel rows by their hashes). `exhaustivePairs`: the largest gap weighed pair by
    /// pair (a gap of more is paired positionally).
    package static func align<Row: Hashable>(_ old: [Row], _ new: [Row], alike: (Int, Int) -> Bool,
                                             exhaustivePairs: Int = RowAlignment.exhaustivePairs) -> [Step] {
        withoutActuallyEscaping(alike) { alike in
            var aligner = Aligner(old: old, new: new, alike: alike, exhaustivePairs: exhaustivePairs)
            aligner.diff(0..<old.count, 0..<new.count)
            return aligner.steps
        }
    }

    /// Whether two rows look alike: at least half of their cells equal (and one).
    static func alike(_ a: [String], _ b: [String]) -> Bool {
        let n = max(a.count, b.count)
        guard n > 0 else { return true }
        let equal = zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 1 : 0) }
        return equal > 0 && 2 * equal >= n
    }

    private struct Aligner<Row: Hashable> {
        let old: [Row], new: [Row]
        let alike: (Int, Int) -> Bool
        let exhaustivePairs: Int
        var steps: [Step] = []

        mutating func diff(_ a: Range<Int>, _ b: Range<Int>) {
            var a = a, b = b
            while !a.isEmpty, !b.isEmpty, old[a.lowerBound] == new[b.lowerBound] {
                steps.append(.match(old: a.lowerBound, new: b.lowerBound))
                a = a.dropFirst(); b = b.dropFirst()
            }
            var tail: [Step] = []
            while !a.isEmpty, !b.isEmpty, old[a.upperBound - 1] == new[b.upperBound - 1] {
                tail.append(.match(old: a.upperBound - 1, new: b.upperBound - 1))
                a = a.dropLast(); b = b.dropLast()
            }
            if a.isEmpty || b.isEmpty {
                steps += a.map { .removed($0) } + b.map { .added($0) }
            } else {
                let anchors = uniqueAnchors(a, b)
                if anchors.isEmpty {
                    pair(a, b)
                } else {
                    var pa = a.lowerBound, pb = b.lowerBound
                    for (i, j) in anchors {
                        diff(pa..<i, pb..<j)
                        steps.append(.match(old: i, new: j))
                        pa = i + 1; pb = j + 1
                    }
                    diff(pa..<a.upperBound, pb..<b.upperBound)
                }
            }
            steps += tail.reversed()
        }

        /// Rows found exactly once in `a` and once in `b`, the longest run of them in the same
        /// order in both (patience sorting), in order.
        func uniqueAnchors(_ a: Range<Int>, _ b: Range<Int>) -> [(Int, Int)] {
            var seen: [Row: (countA: Int, indexA: Int, countB: Int, indexB: Int)] = [:]
            for i in a { seen[old[i], default: (0, i, 0, -1)].countA += 1 }
            for j in b {
                guard var entry = seen[new[j]] else { continue }
                entry.countB += 1; entry.indexB = j
                seen[new[j]] = entry
            }
            // In old order: `a` is walked, not the dictionary, so the result does not depend on hashing.
            var candidates: [(Int, Int)] = []
            for i in a {
                if let e = seen[old[i]], e.countA == 1, e.countB == 1 { candidates.append((i, e.indexB)) }
            }
            guard !candidates.isEmpty else { return [] }
            // Longest increasing subsequence of the new indexes.
            var tops: [Int] = []           // candidate index ending the best run of each length
            var previous = [Int](repeating: -1, count: candidates.count)
            for (k, c) in candidates.enumerated() {
                var lo = 0, hi = tops.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if candidates[tops[mid]].1 < c.1 { lo = mid + 1 } else { hi = mid }
                }
                if lo > 0 { previous[k] = tops[lo - 1] }
                if lo == tops.count { tops.append(k) } else { tops[lo] = k }
            }
            var run: [(Int, Int)] = []
            var k = tops.last ?? -1
            while k >= 0 { run.append(candidates[k]); k = previous[k] }
            return run.reversed()
        }

        /// The rows between two anchors: paired where alike, maximizing equal rows (weight 2)
        /// plus alike ones (1); positionally when the gap is too large to weigh every pair.
        mutating func pair(_ a: Range<Int>, _ b: Range<Int>) {
            let n = a.count, m = b.count
            guard n * m <= exhaustivePairs else {
                var removed: [Step] = [], added: [Step] = []
                for k in 0..<min(n, m) {
                    let i = a.lowerBound + k, j = b.lowerBound + k
                    if alike(i, j) {
                        steps += removed + added; removed = []; added = []
                        steps.append(.match(old: i, new: j))
                    } else {
                        removed.append(.removed(i)); added.append(.added(j))
                    }
                }
                steps += removed + a.dropFirst(min(n, m)).map { .removed($0) } + added + b.dropFirst(min(n, m)).map { .added($0) }
                return
            }
            // score[i][j]: the best weight of old rows i..<n against new rows j..<m.
            let width = m + 1
            var score = [Int](repeating: 0, count: (n + 1) * width)
            var weight = [Int8](repeating: 0, count: n * m)
            for i in 0..<n {
                for j in 0..<m {
                    let x = a.lowerBound + i, y = b.lowerBound + j
                    weight[i * m + j] = old[x] == new[y] ? 2 : (alike(x, y) ? 1 : 0)
                }
            }
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    var best = max(score[(i + 1) * width + j], score[i * width + j + 1])
                    let w = Int(weight[i * m + j])
                    if w > 0 { best = max(best, w + score[(i + 1) * width + j + 1]) }
                    score[i * width + j] = best
                }
            }
            var i = 0, j = 0
            var removed: [Step] = [], added: [Step] = []
            while i < n || j < m {
                if i < n, j < m, weight[i * m + j] > 0, score[i * width + j] == Int(weight[i * m + j]) + score[(i + 1) * width + j + 1] {
                    steps += removed + added; removed = []; added = []
                    steps.append(.match(old: a.lowerBound + i, new: b.lowerBound + j))
                    i += 1; j += 1
                } else if i < n, j == m || score[i * width + j] == score[(i + 1) * width + j] {
                    removed.append(.removed(a.lowerBound + i)); i += 1
                } else {
                    added.append(.added(b.lowerBound + j)); j += 1
                }
            }
            steps += removed + added
        }
    }
}
