#if canImport(Glibc)
import Glibc
#endif

/// The definitions one SVG part uses (glyph paths, text runs, clip paths, images), with their
/// elements' bytes, in the document's order (`SVGGlyphDefs.sorted`). A part makes its list on
/// its own lane (`SVGGlyphDefs.definitionList`), so the join only merges sorted lists, keeping
/// one entry per id, and copies the bytes (`merged`, `bytes`): no set of every id, no sort and
/// no look-up while the other lanes are idle.
///
/// Each entry carries its sort key as one byte string, compared with `memcmp`: the id without
/// its trailing digits (up to 18), a 0 byte (no id has one, so a shorter stem that begins a
/// longer one sorts first, as `lexicographicallyPrecedes` has it), the digits' value as 8
/// big-endian bytes, then the whole id. Equal keys are one id, so one definition.
struct SVGDefinitionList {
    struct Entry {
        let key: [UInt8]
        /// The element written in `<defs>` (empty: a glyph without ink, nothing written).
        let element: [UInt8]
    }

    /// Sorted by `key`, each key once.
    private(set) var entries: [Entry] = []

    init() {}

    /// `entries` in any order, each id at most once (a part's set of used ids).
    init(unsorted entries: [Entry]) {
        self.entries = entries.sorted { SVGDefinitionList.precedes($0.key, $1.key) }
    }

    private init(sorted entries: [Entry]) { self.entries = entries }

    var count: Int { entries.count }

    /// The sort key of `id` (see the type's comment).
    static func key(_ id: [UInt8]) -> [UInt8] {
        var digits = 0
        for byte in id.reversed() {
            guard byte >= 0x30, byte <= 0x39, digits < 18 else { break }
            digits += 1
        }
        var number: UInt64 = 0
        for byte in id.suffix(digits) { number = number * 10 + UInt64(byte - 0x30) }
        var key: [UInt8] = []
        key.reserveCapacity(2 * id.count + 9)
        key.append(contentsOf: id.dropLast(digits))
        key.append(0)
        for shift in stride(from: 56, through: 0, by: -8) { key.append(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
        key.append(contentsOf: id)
        return key
    }

    /// Whether key `a` sorts before key `b` (bytes compared unsigned, a prefix first).
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                let n = min(pa.count, pb.count)
                let order = n == 0 ? 0 : memcmp(pa.baseAddress!, pb.baseAddress!, n)
                return order != 0 ? order < 0 : pa.count < pb.count
            }
        }
    }

    /// The definitions of `self` and `other`, in order, each id once.
    func merging(_ other: SVGDefinitionList) -> SVGDefinitionList {
        if other.entries.isEmpty { return self }
        if entries.isEmpty { return other }
        let a = entries, b = other.entries
        var out: [Entry] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if SVGDefinitionList.precedes(a[i].key, b[j].key) {
                out.append(a[i]); i += 1
            } else if SVGDefinitionList.precedes(b[j].key, a[i].key) {
                out.append(b[j]); j += 1
            } else {
                out.append(a[i]); i += 1; j += 1
            }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return SVGDefinitionList(sorted: out)
    }

    /// The union of `lists`, merged pairwise (each entry is copied about log2(lists) times).
    static func merged(_ lists: [SVGDefinitionList]) -> SVGDefinitionList {
        var level = lists.filter { !$0.entries.isEmpty }
        guard !level.isEmpty else { return SVGDefinitionList() }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 2).map { k in
                k + 1 < level.count ? level[k].merging(level[k + 1]) : level[k]
            }
        }
        return level[0]
    }

    /// The elements one after the other: what goes inside `<defs>`.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.reduce(0) { $0 + $1.element.count })
        for entry in entries { out.append(contentsOf: entry.element) }
        return out
    }
}
