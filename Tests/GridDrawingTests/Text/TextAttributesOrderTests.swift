import CPangoCairo
import GridDocument
import Testing
@testable import GridDrawing

/// `TextAttributes` buffers attributes and puts them into the Pango list sorted by start
/// (issue 25 item 7: Pango's insert of an attribute that starts before the last one is a
/// linear scan, so item breaks before many spans made styled text quadratic). The list must
/// be the very one inserting them one by one would have made.
@Suite struct TextAttributesOrderTests {
    /// The list Pango builds from inserting `ranges` (kind, range) one by one, in order.
    static func naive(_ ranges: [(Int, Range<Int>)]) -> [(start: Int, end: Int, type: PangoAttrType)] {
        let list = pango_attr_list_new()
        defer { pango_attr_list_unref(list) }
        for (kind, range) in ranges {
            let attribute = kind == 0 ? pango_attr_style_new(PANGO_STYLE_ITALIC) : kind == 1 ? pango_attr_weight_new(PANGO_WEIGHT_BOLD) : pango_attr_fallback_new(1)
            attribute!.pointee.start_index = UInt32(range.lowerBound)
            attribute!.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(list, attribute)
        }
        var result: [(start: Int, end: Int, type: PangoAttrType)] = []
        let head = pango_attr_list_get_attributes(list)
        var node = head
        while let link = node {
            let attribute = link.pointee.data!.assumingMemoryBound(to: PangoAttribute.self)
            result.append((Int(attribute.pointee.start_index), Int(attribute.pointee.end_index), attribute.pointee.klass.pointee.type))
            pango_attribute_destroy(attribute)
            node = link.pointee.next
        }
        g_slist_free(head)
        return result
    }

    static func buffered(_ ranges: [(Int, Range<Int>)]) -> [(start: Int, end: Int, type: PangoAttrType)] {
        let attributes = TextAttributes()
        for (kind, range) in ranges {
            switch kind {
            case 0: attributes.italic(range)
            case 1: attributes.bold(range)
            default: attributes.itemBreak(range)
            }
        }
        attributes.commit()
        return attributes.inserted
    }

    /// 200 generated mixes (ascending spans after item breaks, reversed, shuffled, many equal
    /// starts, nested ranges) give the list one-by-one inserting gives, attribute for attribute.
    @Test func committedListEqualsOneByOneInserts() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<200 {
            let count = trial % 40 + 1
            var ranges: [(Int, Range<Int>)] = (0..<count).map { _ in
                let start = Int.random(in: 0..<(trial % 3 == 0 ? 4 : 200), using: &generator)
                return (Int.random(in: 0...2, using: &generator), start..<(start + Int.random(in: 0...30, using: &generator)))
            }
            switch trial % 4 {
            case 0: ranges.sort { $0.1.lowerBound < $1.1.lowerBound }
            case 1: ranges.sort { $0.1.lowerBound > $1.1.lowerBound }
            default: break
            }
            let expected = Self.naive(ranges), got = Self.buffered(ranges)
            #expect(got.count == expected.count)
            #expect(zip(got, expected).allSatisfy { $0.start == $1.start && $0.end == $1.end && $0.type == $1.type }, "trial \(trial)")
        }
    }

    /// The case that was quadratic: item breaks over the whole text, then one italic span per
    /// word. Every span is in the list, sorted by start, each break before the spans that
    /// start with it (it was added first).
    @Test(arguments: [1, 100, 20_000])
    func manySpansAfterItemBreaks(spans: Int) {
        let attributes = TextAttributes()
        let length = spans * 4
        var breaks = 0
        for start in stride(from: 0, to: length, by: 256) { attributes.itemBreak(start..<min(length, start + 256)); breaks += 1 }
        for i in 0..<spans { attributes.italic((i * 4)..<(i * 4 + 1)) }
        attributes.commit()
        let list = attributes.inserted
        #expect(list.count == spans + breaks)
        #expect(zip(list, list.dropFirst()).allSatisfy { $0.start <= $1.start })
        #expect(list.filter { $0.type == PANGO_ATTR_STYLE }.map(\.start) == (0..<spans).map { $0 * 4 })
        for (i, attribute) in list.enumerated() where attribute.type == PANGO_ATTR_FALLBACK {
            #expect(i + 1 == list.count || list[i + 1].start > attribute.start || list[i + 1].type == PANGO_ATTR_STYLE)
        }
    }

    /// Through `StyledText`: Markdown with thousands of spans (italic, bold, code, links, nested)
    /// past the long-text size gets one attribute run per span, at the right bytes.
    @Test func styledTextOfManySpans() throws {
        var style = ResolvedStyle()
        style.markup = .markdown
        let unit = "*a* **b** `c` [d](https://e.example) ***f*** "
        let n = 2_000
        let styled = StyledText(String(repeating: unit, count: n), style: style, link: nil, mode: .pinned, gate: LinkGate())
        #expect(styled.text == String(repeating: "a b c d f ", count: n))
        let attributes = try #require(styled.attributes)
        let list = attributes.inserted, decorations = attributes.decorationRanges
        #expect(zip(list, list.dropFirst()).allSatisfy { $0.start <= $1.start })
        func ranges(_ type: PangoAttrType) -> [Range<Int>] {
            list.filter { $0.type == type }.map { $0.start..<$0.end }
        }
        func expected(_ offsets: [Int]) -> [Range<Int>] {
            var result: [Range<Int>] = []
            for i in 0..<n { for offset in offsets { result.append((i * 10 + offset)..<(i * 10 + offset + 1)) } }
            return result
        }
        #expect(ranges(PANGO_ATTR_STYLE) == expected([0, 8]))
        #expect(ranges(PANGO_ATTR_WEIGHT) == expected([2, 8]))
        #expect(list.filter { $0.type == PANGO_ATTR_FAMILY }.map(\.start) == (0..<n).map { $0 * 10 + 4 })
        // Underlines (links) are decorations, laid over the runs after line breaking.
        #expect(!list.contains { $0.type == PANGO_ATTR_UNDERLINE })
        #expect(zip(decorations, decorations.dropFirst()).allSatisfy { $0.start <= $1.start })
        #expect(decorations.filter { $0.type == PANGO_ATTR_UNDERLINE }.map(\.start) == (0..<n).map { $0 * 10 + 6 })
        #expect(styled.links.count == n)
    }
}

extension TextAttributesOrderTests {
    /// `commit(fontChangeLimit:)` keeps every item break and the first `limit` font changes in
    /// text order (whatever order they were added in), drops the rest, and counts them all.
    @Test(arguments: [0, 1, 7, 50, 1_000])
    func fontChangesPastTheLimitAreLeftOut(limit: Int) {
        var rng = SeededLCG(seed: UInt64(limit + 3))
        let attributes = TextAttributes()
        var changes: [Int] = []
        for i in 0..<120 {
            attributes.itemBreak((i * 10)..<(i * 10 + 10))
            let start = Int(rng.next() % 1_200)
            changes.append(start)
            if i % 2 == 0 { attributes.italic(start..<(start + 3)) } else { attributes.language("ja", start..<(start + 3)) }
        }
        let found = attributes.commit(fontChangeLimit: limit)
        #expect(found == 120)
        let list = attributes.inserted
        #expect(list.filter { $0.type == PANGO_ATTR_FALLBACK }.count == 120)
        let kept = list.filter { $0.type != PANGO_ATTR_FALLBACK }.map(\.start)
        #expect(kept == Array(changes.sorted().prefix(limit)))
    }
}
