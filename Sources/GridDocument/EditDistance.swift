/// Levenshtein distance, used to suggest the key a user probably meant ("did you mean …?").
enum EditDistance {
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// The closest candidate within a distance that scales with the word's length, if any.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let limit = Swift.max(2, word.count / 3)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word, c)
            if d <= limit, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }
}
