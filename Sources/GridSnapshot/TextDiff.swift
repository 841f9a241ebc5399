/// A compact line diff for text snapshots: the common leading and trailing lines are skipped and
/// the changed middle is shown as `-`/`+` lines with a little context, capped so a completely
/// different file does not flood the test log.
package enum TextDiff {
    /// nil when the texts are equal.
    package static func lines(expected: String, actual: String, context: Int = 2, maxLines: Int = 40) -> String? {
        if expected == actual { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let start = max(0, prefix - context)
        var out = ["@@ -\(prefix + 1),\(old.count - prefix - suffix) +\(prefix + 1),\(new.count - prefix - suffix) @@"]
        for line in old[start ..< prefix] { out.append("  " + line) }
        for line in old[prefix ..< (old.count - suffix)] { out.append("- " + line) }
        for line in new[prefix ..< (new.count - suffix)] { out.append("+ " + line) }
        for line in old[(old.count - suffix) ..< min(old.count, old.count - suffix + context)] { out.append("  " + line) }
        if out.count > maxLines + 1 {
            let hidden = out.count - maxLines - 1
            out = Array(out.prefix(maxLines + 1)) + ["… \(hidden) more lines"]
        }
        return out.joined(separator: "\n")
    }
}
