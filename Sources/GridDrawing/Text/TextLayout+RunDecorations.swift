import CPangoCairo

extension TextLayout {
    /// Lays `decorations` (colours, backgrounds, underlines, strike lines: attributes that change
    /// how glyphs are drawn, not which or where; sorted by start) over the runs of the laid-out
    /// `layout`, as Pango 1.50 does after breaking lines (`apply_attributes_to_runs`): each run is
    /// split where a decoration starts or ends (`pango_glyph_item_apply_attrs`) and its pieces
    /// carry the decorations in their `extra_attrs`, which Pango's renderer draws. The difference
    /// is the list each run is given: only the decorations that meet it (`RangeOverlaps`), not the
    /// whole text's, whose walk from the top for every run made many styled spans quadratic.
    /// The runs come out as Pango's own pass makes them (`TextRunDecorationTests`).
    static func decorateRuns(of layout: OpaquePointer, with decorations: [UnsafeMutablePointer<PangoAttribute>]) {
        guard !decorations.isEmpty, let text = pango_layout_get_text(layout) else { return }
        var lines: [UnsafeMutablePointer<PangoLayoutLine>] = []
        var runs: [UnsafeMutablePointer<PangoGlyphItem>] = []
        var firstRun: [Int] = []   // per line, the index of its first run in `runs`
        var node = pango_layout_get_lines_readonly(layout)
        while let link = node {
            node = link.pointee.next
            guard let line = link.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) else { continue }
            lines.append(line)
            firstRun.append(runs.count)
            var runNode = line.pointee.runs
            while let runLink = runNode {
                runNode = runLink.pointee.next
                if let run = runLink.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) { runs.append(run) }
            }
        }
        let queries = runs.map { run -> Range<Int> in
            guard let item = run.pointee.item else { return 0..<0 }
            return Int(item.pointee.offset)..<Int(item.pointee.offset + item.pointee.length)
        }
        let ranges = decorations.map { Int($0.pointee.start_index)..<Int($0.pointee.end_index) }
        let meeting = RangeOverlaps.overlapping(ranges, queries)
        firstRun.append(runs.count)
        for (l, line) in lines.enumerated() {
            // Rebuilt from the last run back, each run's pieces put before the rest: linear.
            var rebuilt: UnsafeMutablePointer<GSList>?
            for r in stride(from: firstRun[l + 1] - 1, through: firstRun[l], by: -1) {
                let pieces: UnsafeMutablePointer<GSList>?
                if meeting[r].isEmpty || runs[r].pointee.item == nil {
                    pieces = g_slist_prepend(nil, runs[r])
                } else {
                    let list = pango_attr_list_new()
                    for d in meeting[r] { pango_attr_list_insert(list, pango_attribute_copy(decorations[d])) }
                    pieces = pango_glyph_item_apply_attrs(runs[r], text, list)   // takes the run
                    pango_attr_list_unref(list)
                }
                rebuilt = g_slist_concat(pieces, rebuilt)
            }
            g_slist_free(line.pointee.runs)
            line.pointee.runs = rebuilt
        }
    }
}
