/// What changed between two tables' data (`gridrender diff OLD NEW`): columns matched by key,
/// rows by `key` columns when given, else by `RowAlignment`; cells compared as written, on the
/// columns both tables have. `rows` is the merged table in NEW's order, a removed row where it
/// stood in OLD, unchanged rows included (the JSON lists only the others).
package struct TableDiff: Sendable, Equatable {
    package enum Status: String, Sendable { case unchanged, added, removed, changed }

    package struct CellChange: Sendable, Equatable {
        package var column: String
        package var old: String
        package var new: String
    }

    package struct Row: Sendable, Equatable {
        package var status: Status
        /// The row's key values (with `key` columns), else nil.
        package var key: [String]?
        package var oldIndex: Int?
        package var newIndex: Int?
        /// The changed cells of a changed row, in NEW's column order.
        package var cells: [CellChange] = []
    }

    package var rows: [Row]
    /// NEW's columns that OLD does not have, in NEW's order; OLD's that NEW lacks, in OLD's.
    package var columnsAdded: [String]
    package var columnsRemoved: [String]

    package func count(_ status: Status) -> Int { rows.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }
    package var cellsChanged: Int { rows.reduce(0) { $0 + $1.cells.count } }
    /// No row or column added, removed or changed.
    package var isSame: Bool { columnsAdded.isEmpty && columnsRemoved.isEmpty && rows.allSatisfy { $0.status == .unchanged } }

    /// Compares `old` with `new`; `key` names the columns that identify a row (their values must
    /// be unique in each table). Errors (an unknown key column, a repeated key) name the file.
    package static func compare(_ old: DataTable, _ new: DataTable, key: [String]? = nil,
                                oldName: String = "OLD", newName: String = "NEW") throws(DocumentError) -> TableDiff {
        let common = new.keys.filter { old.column($0) != nil }
        let oldColumns = common.map { old.column($0)! }, newColumns = common.map { new.column($0)! }
        let oldRows = old.rows.map { row in oldColumns.map { $0 < row.count ? row[$0] : "" } }
        let newRows = new.rows.map { row in newColumns.map { $0 < row.count ? row[$0] : "" } }
        var diff = TableDiff(rows: [], columnsAdded: new.keys.filter { old.column($0) == nil },
                             columnsRemoved: old.keys.filter { new.column($0) == nil })
        let steps: [RowAlignment.Step]
        var keyOf: ((Int?, Int?) -> [String]?) = { _, _ in nil }
        if let key {
            let at = try Self.keyColumns(key, in: common, old: old, new: new, oldName: oldName, newName: newName)
            let oldKeys = oldRows.map { row in at.map { row[$0] } }, newKeys = newRows.map { row in at.map { row[$0] } }
            steps = try Self.matchByKey(oldKeys, newKeys, key: key, oldName: oldName, newName: newName)
            keyOf = { i, j in j.map { newKeys[$0] } ?? i.map { oldKeys[$0] } }
        } else {
            steps = RowAlignment.align(oldRows, newRows)
        }
        for step in steps {
            switch step {
            case .added(let j):
                diff.rows.append(Row(status: .added, key: keyOf(nil, j), oldIndex: nil, newIndex: j))
            case .removed(let i):
                diff.rows.append(Row(status: .removed, key: keyOf(i, nil), oldIndex: i, newIndex: nil))
            case .match(let i, let j):
                let cells = common.indices.compactMap { c in
                    oldRows[i][c] == newRows[j][c] ? nil : CellChange(column: common[c], old: oldRows[i][c], new: newRows[j][c])
                }
                diff.rows.append(Row(status: cells.isEmpty ? .unchanged : .changed, key: keyOf(i, j), oldIndex: i, newIndex: j, cells: cells))
            }
        }
        return diff
    }

    /// The positions of the key columns among the common columns.
    static func keyColumns(_ key: [String], in common: [String], old: DataTable, new: DataTable,
                           oldName: String, newName: String) throws(DocumentError) -> [Int] {
        guard !key.isEmpty else { throw DocumentError(file: nil, keyPath: "--key", "names no column") }
        var at: [Int] = []
        for k in key {
            for (table, name) in [(old, oldName), (new, newName)] where table.column(k) == nil {
                throw DocumentError(file: name, keyPath: "--key", "no column \"\(k)\" (the columns are \(table.keys.map { "\"\($0)\"" }.joined(separator: ", ")))")
            }
            at.append(common.firstIndex(of: k)!)
        }
        return at
    }

    /// Rows matched by key value, in NEW's order; a removed row goes before the first NEW row
    /// matched to a later OLD row.
    static func matchByKey(_ old: [[String]], _ new: [[String]], key: [String],
                           oldName: String, newName: String) throws(DocumentError) -> [RowAlignment.Step] {
        func index(_ keys: [[String]], _ name: String) throws(DocumentError) -> [[String]: Int] {
            var at: [[String]: Int] = [:]
            for (r, k) in keys.enumerated() {
                if let first = at[k] {
                    throw DocumentError(file: name, keyPath: "--key",
                                        "the key \(k.map { "\"\($0)\"" }.joined(separator: ", ")) is on data rows \(first + 1) and \(r + 1): a key must name one row")
                }
                at[k] = r
            }
            return at
        }
        let oldAt = try index(old, oldName), newAt = try index(new, newName)
        var steps: [RowAlignment.Step] = []
        var next = 0
        func removedBefore(_ end: Int) {
            while next < end {
                if newAt[old[next]] == nil { steps.append(.removed(next)) }
                next += 1
            }
        }
        for (j, k) in new.enumerated() {
            if let i = oldAt[k] {
                removedBefore(i)
                next = max(next, i + 1)
                steps.append(.match(old: i, new: j))
            } else {
                steps.append(.added(j))
            }
        }
        removedBefore(old.count)
        return steps
    }
}
