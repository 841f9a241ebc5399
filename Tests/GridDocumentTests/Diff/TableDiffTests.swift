import Foundation
import Testing
@testable import GridDocument
import GridTestSupport

/// `TableDiff` and `RowAlignment`: generated tables edited at random (rows inserted, removed and
/// changed, with the truth kept) give back exactly those rows and cells, with and without a key.
@Suite struct TableDiffTests {
    /// A table of `rows` rows with a unique id, and what an edit did to it.
    struct Edited {
        var old: DataTable
        var new: DataTable
        var added: Set<Int> = []          // new indexes
        var removed: Set<Int> = []        // old indexes
        var changed: [Int: (old: Int, columns: Set<String>)] = [:]   // new index → old index, changed columns
    }

    static let keys = ["id", "name", "city", "score"]

    static func row(_ id: Int, _ rng: inout SplitMix) -> [String] {
        ["\(id)", ["Ann", "Bob", "Cid", "Dee", "Eve"][Int(rng.next() % 5)] + "\(rng.next() % 100)",
         ["Oslo", "Bergen", "Tromsø", "Bodø"][Int(rng.next() % 4)], "\(rng.next() % 1000)"]
    }

    /// Old: ids 0..<n. New: each old row kept, removed (p 1/8), or changed in one or two of its
    /// non-id cells (p 1/8); a new row inserted before it (p 1/8).
    static func edited(rows n: Int, seed: UInt64) -> Edited {
        var rng = SplitMix(seed: seed)
        let old = (0..<n).map { row($0, &rng) }
        var new: [[String]] = []
        var e = Edited(old: DataTable(keys: keys, titles: keys, rows: old), new: DataTable(keys: keys, titles: keys, rows: []))
        var nextID = n
        for i in 0..<n {
            // An inserted row shares no cell with any old one, so which row it is cannot be mistaken.
            if rng.next() % 8 == 0 { e.added.insert(new.count); new.append(["\(nextID)", "New\(nextID)", "Elsewhere", "-1"]); nextID += 1 }
            switch rng.next() % 8 {
            case 0: e.removed.insert(i)
            case 1:
                var r = old[i]
                var columns: Set<String> = []
                for c in [1 + Int(rng.next() % 3), 1 + Int(rng.next() % 3)] where !columns.contains(keys[c]) {
                    r[c] += "!"; columns.insert(keys[c])
                }
                e.changed[new.count] = (i, columns)
                new.append(r)
            default: new.append(old[i])
            }
        }
        e.new.rows = new
        return e
    }

    static func check(_ diff: TableDiff, _ e: Edited) {
        #expect(Set(diff.rows.filter { $0.status == .added }.compactMap(\.newIndex)) == e.added)
        #expect(Set(diff.rows.filter { $0.status == .removed }.compactMap(\.oldIndex)) == e.removed)
        let changed = diff.rows.filter { $0.status == .changed }
        #expect(changed.count == e.changed.count)
        for row in changed {
            guard let j = row.newIndex, let truth = e.changed[j] else { Issue.record("row \(row) is not a changed one"); continue }
            #expect(row.oldIndex == truth.old)
            #expect(Set(row.cells.map(\.column)) == truth.columns)
            for cell in row.cells { #expect(cell.new == cell.old + "!") }
        }
        // Every old and new row appears exactly once, new rows in order.
        #expect(diff.rows.compactMap(\.newIndex) == Array(e.new.rows.indices))
        #expect(diff.rows.compactMap(\.oldIndex).sorted() == Array(e.old.rows.indices))
        #expect(diff.isSame == (e.added.isEmpty && e.removed.isEmpty && e.changed.isEmpty))
    }

    @Test(arguments: [(1, 1), (5, 2), (40, 3), (300, 4), (2_000, 5), (20_000, 6)])
    func generatedEditsWithoutKey(rows: Int, seed: UInt64) throws {
        let e = Self.edited(rows: rows, seed: seed)
        Self.check(try TableDiff.compare(e.old, e.new), e)
    }

    @Test(arguments: [(1, 11), (5, 12), (40, 13), (300, 14), (2_000, 15)])
    func generatedEditsWithKey(rows: Int, seed: UInt64) throws {
        let e = Self.edited(rows: rows, seed: seed)
        let diff = try TableDiff.compare(e.old, e.new, key: ["id"])
        Self.check(diff, e)
        for row in diff.rows { #expect(row.key == [e.new.rows[row.newIndex ?? 0][0]] || row.key == [e.old.rows[row.oldIndex ?? 0][0]]) }
    }

    /// A removed row stands where it stood: after the row before it in OLD.
    @Test func removedRowsStayInPlace() throws {
        let old = DataTable(keys: ["k"], titles: ["k"], rows: [["a"], ["b"], ["c"], ["d"]])
        let new = DataTable(keys: ["k"], titles: ["k"], rows: [["a"], ["c"], ["x"], ["d"]])
        for key in [nil, ["k"]] {
            let diff = try TableDiff.compare(old, new, key: key)
            #expect(diff.rows.map(\.status) == [.unchanged, .removed, .unchanged, .added, .unchanged], "\(String(describing: key))")
        }
    }

    /// Rows without a unique anchor (repeats) are paired where they look alike, else removed and added.
    @Test func repeatedRowsPairByLikeness() throws {
        let old = DataTable(keys: ["a", "b"], titles: ["a", "b"], rows: [["x", "1"], ["x", "1"], ["y", "2"], ["y", "2"]])
        let new = DataTable(keys: ["a", "b"], titles: ["a", "b"], rows: [["x", "1"], ["x", "9"], ["y", "2"], ["z", "7"], ["y", "2"]])
        let diff = try TableDiff.compare(old, new)
        #expect(diff.count(.changed) == 1 && diff.count(.added) == 1 && diff.count(.removed) == 0)
        #expect(diff.rows.first { $0.status == .changed }?.cells == [TableDiff.CellChange(column: "b", old: "1", new: "9")])
    }

    @Test func columnsAddedAndRemovedAreComparedOnTheCommonOnes() throws {
        let old = DataTable(keys: ["id", "gone", "v"], titles: ["id", "gone", "v"], rows: [["1", "x", "a"], ["2", "y", "b"]])
        let new = DataTable(keys: ["id", "v", "extra"], titles: ["id", "v", "extra"], rows: [["1", "a", "n"], ["2", "c", "m"]])
        let diff = try TableDiff.compare(old, new, key: ["id"])
        #expect(diff.columnsAdded == ["extra"] && diff.columnsRemoved == ["gone"])
        #expect(diff.rows.map(\.status) == [.unchanged, .changed])
        #expect(diff.rows[1].cells == [TableDiff.CellChange(column: "v", old: "b", new: "c")])
        #expect(!diff.isSame)
    }

    @Test func keyErrorsNameTheFileAndTheRows() {
        let t = DataTable(keys: ["id"], titles: ["id"], rows: [["1"], ["2"], ["1"]])
        let u = DataTable(keys: ["id"], titles: ["id"], rows: [["1"]])
        #expect(throws: DocumentError.self) { try TableDiff.compare(u, t, key: ["id"], newName: "new.csv") }
        do { _ = try TableDiff.compare(u, t, key: ["id"], newName: "new.csv") } catch {
            #expect("\(error)".contains("new.csv") && "\(error)".contains("rows 1 and 3"), "\(error)")
        }
        do { _ = try TableDiff.compare(u, u, key: ["nope"], oldName: "old.csv") } catch {
            #expect("\(error)".contains("old.csv") && "\(error)".contains("no column \"nope\""), "\(error)")
        }
    }

    /// The JSON contract: summary counts, every listed row with all five keys (nulls written),
    /// only changed cells, unchanged rows left out.
    @Test func jsonShape() throws {
        let e = Self.edited(rows: 60, seed: 21)
        let diff = try TableDiff.compare(e.old, e.new)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(diff.json().utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["rowsAdded"] as? Int == e.added.count && summary["rowsRemoved"] as? Int == e.removed.count)
        #expect(summary["rowsChanged"] as? Int == e.changed.count)
        #expect(summary["cellsChanged"] as? Int == e.changed.values.reduce(0) { $0 + $1.columns.count })
        #expect(summary["columnsAdded"] as? [String] == [] && summary["columnsRemoved"] as? [String] == [])
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == e.added.count + e.removed.count + e.changed.count)
        for row in rows {
            #expect(Set(row.keys) == ["status", "key", "oldIndex", "newIndex", "cells"])
            #expect(row["key"] is NSNull)
            let status = row["status"] as? String
            #expect(status == "added" ? row["oldIndex"] is NSNull : row["oldIndex"] is Int)
            #expect(status == "removed" ? row["newIndex"] is NSNull : row["newIndex"] is Int)
            #expect(((row["cells"] as? [Any])?.isEmpty ?? false) == (status != "changed"))
        }
    }

    /// Folding keeps `context` rows beside each change and counts the rest.
    @Test func foldingUnchangedRuns() {
        func row(_ s: TableDiff.Status) -> TableDiff.Row { TableDiff.Row(status: s, key: nil, oldIndex: 0, newIndex: 0) }
        let rows = [TableDiff.Status](repeating: .unchanged, count: 10) + [.changed] + Array(repeating: .unchanged, count: 7) + [.added]
            + Array(repeating: .unchanged, count: 5)
        let folded = Document.folded(rows.map(row), context: 2)
        let shape = folded.map { line -> String in
            switch line { case .fold(let n): "f\(n)"; case .row(let r): r.status == .unchanged ? "u" : "c" }
        }
        #expect(shape == ["f8", "u", "u", "c", "u", "u", "f3", "u", "u", "c", "u", "u", "f3"])
        #expect(Document.folded(rows.map(row), context: nil).count == rows.count)
        #expect(Document.folded(rows.map(row), context: 0).map { if case .fold = $0 { 1 } else { 0 } }.reduce(0, +) == 3)
    }
}
