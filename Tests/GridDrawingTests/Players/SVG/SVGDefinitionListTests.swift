import GridTestSupport
import Testing
@testable import GridDrawing

/// The definitions a part sorts on its lane (`SVGDefinitionList`) and their merge: the order is
/// `SVGGlyphDefs.sorted`'s, each id once, whatever the parts and however they are merged.
@Suite struct SVGDefinitionListTests {
    /// Ids of every kind the player hands out (glyph codes, fallback fonts, text runs, clip
    /// paths, images), with shared stems, leading zeros and more than 18 trailing digits.
    static func ids(seed: UInt64, count: Int) -> [[UInt8]] {
        var random = SplitMix(seed: seed)
        let prefixes = ["g0aZ9x", "gK3v9Q", ""]
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        return (0..<count).map { _ in
            let prefix = pick(prefixes)
            let id: String
            switch random.next() % 6 {
            case 0: id = pick(["a", "b", "z", "ba", "bb"]) + String(random.next() % 3000)
            case 1: id = "f" + String(random.next() >> 40, radix: 36) + "-" + String(random.next() % 500)
            case 2: id = "R" + String((0..<11).map { _ in pick(digits) })
            case 3: id = "R" + String((0..<9).map { _ in pick(digits) }) + pick(["0", "00", "07", "7"])
            case 4: id = "clip-" + String(random.next() % 40) + "_" + String(random.next() % 9) + "." + String(random.next() % 99)
            default: id = "a" + String(repeating: "9", count: Int(random.next() % 25)) + String(random.next() % 10)
            }
            return Array((prefix + id).utf8)
        }
    }

    static func entries(_ ids: some Sequence<[UInt8]>) -> [SVGDefinitionList.Entry] {
        ids.map { SVGDefinitionList.Entry(key: SVGDefinitionList.key($0), element: $0 + [0x0a]) }
    }

    @Test(arguments: 0..<40)
    func oneListIsInTheDocumentsOrder(seed: Int) {
        let ids = Set(Self.ids(seed: UInt64(seed), count: 1 + seed * 25))
        let list = SVGDefinitionList(unsorted: Self.entries(ids))
        #expect(String(decoding: list.bytes, as: UTF8.self) == String(decoding: SVGGlyphDefs.sorted(ids).flatMap { $0 + [0x0a] }, as: UTF8.self))
    }

    /// Parts that share ids, merged pairwise and as they come (`SVGDefinitionMerger`), in any
    /// order: the sorted union, each id once.
    @Test(arguments: 0..<40)
    func mergedPartsAreTheSortedUnion(seed: Int) {
        var random = SplitMix(seed: UInt64(1000 + seed))
        let pool = Self.ids(seed: UInt64(seed), count: 300)
        let parts: [Set<[UInt8]>] = (0..<Int(random.next() % 12)).map { _ in
            Set((0..<Int(random.next() % 80)).map { _ in pool[Int(random.next() % UInt64(pool.count))] })
        }
        let union = parts.reduce(into: Set<[UInt8]>()) { $0.formUnion($1) }
        // Compared as text: a failure shows the ids.
        let expected = String(decoding: SVGGlyphDefs.sorted(union).flatMap { id -> [UInt8] in id + [0x0a] }, as: UTF8.self)
        func text(_ list: SVGDefinitionList) -> String { String(decoding: list.bytes, as: UTF8.self) }
        let lists = parts.map { SVGDefinitionList(unsorted: Self.entries($0)) }
        #expect(text(SVGDefinitionList.merged(lists)) == expected)
        #expect(text(SVGDefinitionList.merged(lists.reversed())) == expected)
        var merger = SVGDefinitionMerger()
        for list in lists { merger.add(list) }
        #expect(text(merger.merged) == expected)
        merger.finish()
        #expect(text(merger.merged) == expected)
        #expect(merger.merged.count == union.count)
    }

    @Test func keysOrderStemsThenNumbersThenBytes() {
        let order = ["a9", "a10", "ab1", "gR0a07", "gR0a7", "gR0a8", "gR0a", "gR0ab"].map { Array($0.utf8) }
        #expect(SVGGlyphDefs.sorted(Set(order)) == order.sorted { SVGDefinitionList.precedes(SVGDefinitionList.key($0), SVGDefinitionList.key($1)) })
        #expect(SVGDefinitionList.precedes(SVGDefinitionList.key(Array("a9".utf8)), SVGDefinitionList.key(Array("a10".utf8))))
        #expect(!SVGDefinitionList.precedes(SVGDefinitionList.key(Array("a9".utf8)), SVGDefinitionList.key(Array("a9".utf8))))
    }

    /// A glyph without ink is listed (the part used it) but writes nothing.
    @Test func inklessGlyphsWriteNothing() {
        let defs = SVGGlyphDefs(prefix: Array("gX".utf8))
        _ = defs.outline(Array("gXa3".utf8)) { [] }
        _ = defs.outline(Array("gXa4".utf8)) { Array("M0 0L1 1Z".utf8) }
        let list = defs.definitionList([Array("gXa3".utf8), Array("gXa4".utf8), Array("gXa5".utf8)])
        #expect(list.count == 3)
        #expect(String(decoding: list.bytes, as: UTF8.self) == "<path id=\"gXa4\" d=\"M0 0L1 1Z\"/>\n")
        #expect(list.bytes == defs.definitions(SVGGlyphDefs.sorted([Array("gXa3".utf8), Array("gXa4".utf8), Array("gXa5".utf8)])))
    }
}
