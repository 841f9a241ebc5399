/// Where every item of an item-mode grid goes (DESIGN.md §3, "Track count and flow").
///
/// Items are flowed into *lines* of at most `lineLength` items: with flow `.rows` a line is a
/// row; with flow `.columns` a line is a column inside a *block* of rows (the rows between
/// two section headers). Only lines, blocks and per-row bookkeeping are stored, O(rows +
/// lines), so a million items cost a few kilobytes; `item(row:column:)` is O(1).
///
/// Sections: a section with `hasHeader` gets its own full-width `.section` row and always
/// starts a new line (and, with flow `.columns`, a new block). Otherwise a section starts a
/// new line when `sectionsStartOnNewLine` is set and continues the current line when not.
/// A collapsed section shows its header only (no header: nothing). Flow indices count the
/// shown items only, globally across sections.
///
/// Counts: flow `.rows` has exactly `lineLength` columns (`maxColumns n` → n even with fewer
/// items). Flow `.columns` has, per block, as many rows as its longest column (at most
/// `lineLength`), and as many columns as the widest block needs (at least `maxColumns`); in
/// the horizontal direction with a height to share (`fullBlocks`) every block has exactly `maxRows` rows, the mirror
/// of flow `.rows` keeping `maxColumns` columns, so items are the same height however few.
struct ItemPlacement: Sendable {
    struct Line: Sendable, Hashable {
        var firstItem: Int
        var count: Int
    }

    /// Flow `.columns`: a run of item rows whose columns are lines `firstLine ..< firstLine + lineCount`.
    struct Block: Sendable, Hashable {
        var rowStart: Int
        var rowCount: Int
        var firstLine: Int
        var lineCount: Int
    }

    struct SectionStart: Sendable, Hashable {
        var item: Int
        var section: Int
    }

    var flow: Flow
    var columnCount: Int
    var rowKinds: [RowKind] = []
    var rowSections: [Int] = []
    var lines: [Line] = []
    var blocks: [Block] = []
    /// Flow `.rows`: the line of each row; flow `.columns`: the block of each row; -1 for a header row.
    var rowGroup: [Int] = []
    /// The first flow index and the index of each section that shows items, in order.
    var sectionStarts: [SectionStart] = []
    var itemCount = 0

    /// - Parameter adaptiveColumns: the column count an `adaptive` default column width gives
    ///   (used only when `items.limit` is nil).
    /// - Parameter fullBlocks: flow `.columns` with `maxRows r`: every block gets r rows (the
    ///   horizontal direction, where rows share the height as columns share the width).
    init(_ items: GridSpec.Items, adaptiveColumns: Int?, fullBlocks: Bool = false) {
        flow = items.flow
        var shown: [Int] = []
        shown.reserveCapacity(items.sections.count)
        var total = 0
        for section in items.sections {
            let count = section.collapsed ? 0 : section.count.clamped(0, LayoutLimits.maxItems - total)
            shown.append(count)
            total += count
        }
        let lineLength: Int
        var columnHint = 1
        switch (items.flow, items.limit) {
        case (.rows, .maxColumns(let n)?):
            lineLength = n.clamped(1, LayoutLimits.maxColumns)
        case (.rows, .maxRows(let r)?):
            lineLength = Self.ceilDiv(total, r.clamped(1, LayoutLimits.maxItems)).clamped(1, LayoutLimits.maxColumns)
        case (.rows, nil):
            lineLength = (adaptiveColumns ?? total).clamped(1, LayoutLimits.maxColumns)
        case (.columns, .maxRows(let r)?):
            lineLength = r.clamped(1, LayoutLimits.maxItems)
        case (.columns, .maxColumns(let n)?):
            columnHint = n.clamped(1, LayoutLimits.maxColumns)
            lineLength = Self.ceilDiv(total, columnHint).clamped(1, LayoutLimits.maxItems)
        case (.columns, nil):
            if let adaptiveColumns {
                columnHint = adaptiveColumns.clamped(1, LayoutLimits.maxColumns)
                lineLength = Self.ceilDiv(total, columnHint).clamped(1, LayoutLimits.maxItems)
            } else {
                lineLength = total.clamped(1, LayoutLimits.maxItems)
            }
        }
        columnCount = items.flow == .rows ? lineLength : columnHint
        itemCount = total

        var nextItem = 0
        var openLine: Int?             // a line that may take more items
        var blockFirstLine = 0          // flow .columns: the first line of the open block
        var blockFirstItemSection = 0

        func closeBlock() {
            let lineCount = lines.count - blockFirstLine
            guard flow == .columns, lineCount > 0 else { return }
            let longest = lines[blockFirstLine...].reduce(0) { Swift.max($0, $1.count) }
            // As many rows as the block's longest column: `maxRows` is a maximum, and a short
            // section under a header gets no empty rows.
            var rowCount = longest
            // Capped as flow `.rows` caps its columns, so a huge `maxRows` cannot allocate rows.
            if fullBlocks, case .maxRows? = items.limit {
                rowCount = Swift.max(longest, Swift.min(lineLength, LayoutLimits.maxColumns))
            }
            let block = Block(rowStart: rowKinds.count, rowCount: rowCount, firstLine: blockFirstLine, lineCount: lineCount)
            for _ in 0..<rowCount {
                rowKinds.append(.item); rowSections.append(blockFirstItemSection); rowGroup.append(blocks.count)
            }
            blocks.append(block)
            columnCount = Swift.max(columnCount, lineCount)
            blockFirstLine = lines.count
            openLine = nil
        }

        for (sectionIndex, section) in items.sections.enumerated() {
            if section.hasHeader {
                closeBlock()
                openLine = nil
                rowKinds.append(.section); rowSections.append(sectionIndex); rowGroup.append(-1)
            } else if items.sectionsStartOnNewLine {
                openLine = nil
            }
            var remaining = shown[sectionIndex]
            guard remaining > 0 else { continue }
            sectionStarts.append(SectionStart(item: nextItem, section: sectionIndex))
            if flow == .columns && lines.count == blockFirstLine { blockFirstItemSection = sectionIndex }
            if let open = openLine, lines[open].count < lineLength {
                let take = Swift.min(lineLength - lines[open].count, remaining)
                lines[open].count += take
                nextItem += take
                remaining -= take
            }
            while remaining > 0 {
                let take = Swift.min(lineLength, remaining)
                lines.append(Line(firstItem: nextItem, count: take))
                if flow == .rows {
                    rowKinds.append(.item); rowSections.append(sectionIndex); rowGroup.append(lines.count - 1)
                }
                openLine = lines.count - 1
                nextItem += take
                remaining -= take
            }
        }
        closeBlock()
    }

    /// The flow index of the item at (row, column), or nil for an empty slot or a header row.
    func item(row: Int, column: Int) -> Int? {
        guard row >= 0, row < rowGroup.count, column >= 0, column < columnCount else { return nil }
        let group = rowGroup[row]
        guard group >= 0 else { return nil }
        switch flow {
        case .rows:
            let line = lines[group]
            return column < line.count ? line.firstItem + column : nil
        case .columns:
            let block = blocks[group]
            guard column < block.lineCount else { return nil }
            let line = lines[block.firstLine + column]
            let offset = row - block.rowStart
            return offset < line.count ? line.firstItem + offset : nil
        }
    }

    /// The section that holds flow index `item` (binary search over the section starts).
    func section(ofItem item: Int) -> Int {
        var low = 0, high = sectionStarts.count - 1, found = 0
        while low <= high {
            let mid = (low + high) / 2
            if sectionStarts[mid].item <= item { found = sectionStarts[mid].section; low = mid + 1 } else { high = mid - 1 }
        }
        return found
    }

    static func ceilDiv(_ a: Int, _ b: Int) -> Int { b <= 0 ? a : (a + b - 1) / b }
}
