/// Definition lists (`SVGDefinitionList`) merged as they come, on the thread that has them: a
/// lane merges its chunks' lists as it paints, and the streamed writer the parts it wrote, so
/// what is left for the join is a merge of a few lists. Keeps lists each more than twice as
/// long as the next and merges the last two otherwise, so every entry is copied about
/// log2(lists) times in all (a binary counter), not once per list added.
struct SVGDefinitionMerger {
    private var lists: [SVGDefinitionList] = []

    init() {}

    mutating func add(_ list: SVGDefinitionList) {
        guard list.count > 0 else { return }
        lists.append(list)
        while lists.count >= 2, lists[lists.count - 2].count <= 2 * lists[lists.count - 1].count {
            let last = lists.removeLast()
            lists[lists.count - 1] = lists[lists.count - 1].merging(last)
        }
    }

    /// Merges what is left into one list (on the thread that has it, before the join).
    mutating func finish() {
        if lists.count > 1 { lists = [merged] }
    }

    /// Every list added, merged.
    var merged: SVGDefinitionList { SVGDefinitionList.merged(lists) }
}
