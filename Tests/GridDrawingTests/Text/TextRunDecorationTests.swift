import CCairo
import CPangoCairo
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Colours, backgrounds, underlines and strike lines are laid over the runs by
/// `TextLayout.decorateRuns` instead of by Pango (issue 25 item 7: Pango gave every run the whole
/// list, so many code spans or links were quadratic). The runs must come out as Pango's own
/// pass makes them: the same pieces, the same `extra_attrs`, the same pixels — for generated
/// texts of every kind of span, nested and crossing, over Latin, CJK, Arabic and emoji, laid
/// out unwrapped, wrapped, ellipsized and limited in lines.
@Suite struct TextRunDecorationTests {
    static func text(_ rng: inout SeededLCG, spans: Int) -> String {
        let pieces = ["`code`", "[link](https://a.example)", "~~gone~~", "*it*", "**bold**", "plain words",
                      "`a` `b`", "[`code link`](https://b.example)", "~~*struck it*~~", "字字字", "مرحبا بالعالم",
                      "😀 ok", "**~~[all](https://c.example)~~**", "x"]
        return (0..<spans).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined(separator: rng.next() % 5 == 0 ? "\n" : " ")
    }

    /// One run as compared: its bytes, glyph count and decorations (type, bytes).
    struct RunShape: Equatable {
        let offset: Int32, length: Int32, glyphs: Int32
        let extras: [String]
    }

    static func shapes(_ layout: OpaquePointer) -> [[RunShape]] {
        var lines: [[RunShape]] = []
        var node = pango_layout_get_lines_readonly(layout)
        while let link = node {
            node = link.pointee.next
            let line = link.pointee.data!.assumingMemoryBound(to: PangoLayoutLine.self)
            var runs: [RunShape] = []
            var runNode = line.pointee.runs
            while let runLink = runNode {
                runNode = runLink.pointee.next
                let run = runLink.pointee.data!.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                var extras: [String] = []
                var extra = run.item.pointee.analysis.extra_attrs
                while let e = extra {
                    extra = e.pointee.next
                    let a = e.pointee.data!.assumingMemoryBound(to: PangoAttribute.self)
                    var value = ""
                    if let s = pango_attribute_as_color(a) { value = "\(s.pointee.color.red),\(s.pointee.color.green),\(s.pointee.color.blue)" }
                    if let s = pango_attribute_as_int(a) { value = "\(s.pointee.value)" }
                    extras.append("\(a.pointee.klass.pointee.type.rawValue)@\(a.pointee.start_index)-\(a.pointee.end_index)=\(value)")
                }
                runs.append(RunShape(offset: run.item.pointee.offset, length: run.item.pointee.length,
                                     glyphs: run.glyphs.pointee.num_glyphs, extras: extras.sorted()))
            }
            lines.append(runs)
        }
        return lines
    }

    static func pixels(_ layout: OpaquePointer, width: Int, height: Int) throws -> [UInt8] {
        let cr = try CairoContext(CairoSurface.image(width: width, height: height))
        cr.paintReplacing(Color(red: 1, green: 1, blue: 1))
        cr.moveTo(3, 2)
        pango_cairo_show_layout(cr.pointer, layout)
        cr.surface.flush()
        let data = cairo_image_surface_get_data(cr.surface.pointer)!
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * height))
    }

    /// `layout` prepared as `TextLayout` prepares it, then given every attribute (the layout's
    /// and the decorations) in one list, so Pango applies the decorations itself.
    static func pangosOwn(_ source: String, style: ResolvedStyle, width: Double?, link: String?, context: TextContext) -> TextLayout {
        let reference = TextLayout(context: context)
        reference.prepare(source, style: style, width: width, link: link)
        let styled = StyledText(source, style: style, link: link, mode: context.fontMap.mode, gate: LinkGate())
        let all = styled.attributes.map { pango_attr_list_copy($0.pointer)! } ?? pango_attr_list_new()!
        for decoration in styled.attributes?.decorations ?? [] {
            // Inserted after every attribute of its start already there, as the one list had them.
            pango_attr_list_insert(all, pango_attribute_copy(decoration))
        }
        pango_layout_set_attributes(reference.pointer, all)
        pango_attr_list_unref(all)
        return reference
    }

    @Test(arguments: 0..<8)
    func decoratedRunsAreThoseWhichPangoMakes(seed: Int) throws {
        let context = try TextContext(mode: .pinned)
        var rng = SeededLCG(seed: UInt64(2507 + seed))
        var checkedPixels = 0
        for trial in 0..<12 {
            var style = ResolvedStyle()
            style.markup = .markdown
            style.wrap = trial % 3 != 0
            style.maxLines = trial % 4 == 1 ? 2 : 0
            style.ellipsize = [Ellipsize.end, .middle, .start, .none][trial % 4]
            style.align = [TextAlign.left, .center, .right][trial % 3]
            let source = Self.text(&rng, spans: Int(rng.next() % 60) + 1)
            let width: Double? = trial % 6 == 5 ? nil : 40 + rng.unit() * 260
            let link: String? = trial % 5 == 2 ? "https://cell.example" : nil
            let ours = TextLayout(context: context)
            ours.prepare(source, style: style, width: width, link: link)
            let rect = ours.logicalRect
            let reference = Self.pangosOwn(source, style: style, width: width, link: link, context: context)
            let expected = Self.shapes(reference.pointer), got = Self.shapes(ours.laidOut)
            #expect(got == expected, "seed \(seed), trial \(trial): \(source.debugDescription)")
            #expect(expected.joined().contains { !$0.extras.isEmpty }, "the text has decorations")
            if trial % 3 == 0 && rect.width < 2_000 && rect.height < 400 {
                let w = Int(rect.width) + 8, h = Int(rect.height) + 6
                #expect(try Self.pixels(ours.laidOut, width: w, height: h) == Self.pixels(reference.pointer, width: w, height: h))
                checkedPixels += 1
            }
        }
        #expect(checkedPixels > 0)
    }

    /// A layout prepared again (another text, then the first again, another width) is decorated
    /// afresh each time, never twice.
    @Test func preparedAgainIsDecoratedOnce() throws {
        let context = try TextContext(mode: .pinned)
        var style = ResolvedStyle()
        style.markup = .markdown
        style.wrap = true
        let source = "a `b` [c](https://d.example) ~~e~~ f"
        let layout = TextLayout(context: context)
        for width in [nil, 30.0, 80.0, 30.0] as [Double?] {
            layout.prepare(source, style: style, width: width)
            _ = layout.logicalRect
            _ = layout.linkAreas()
            let reference = Self.pangosOwn(source, style: style, width: width, link: nil, context: context)
            #expect(Self.shapes(layout.laidOut) == Self.shapes(reference.pointer), "width \(String(describing: width))")
            layout.prepare("plain", style: style, width: width)
            #expect(Self.shapes(layout.laidOut).joined().allSatisfy { $0.extras.isEmpty })
        }
    }

    /// The sweep behind it: every range that meets a query, none that does not, in index order,
    /// for random ranges (nested, equal, empty) and queries in any order.
    @Test func rangeOverlapsFindsExactlyTheMeetingRanges() {
        var rng = SeededLCG(seed: 77)
        for trial in 0..<300 {
            let bound = trial % 2 == 0 ? 20 : 400
            var ranges: [Range<Int>] = (0..<Int(rng.next() % 50)).map { _ in
                let start = Int(rng.next() % UInt64(bound))
                return start..<(start + Int(rng.next() % UInt64(trial % 3 == 0 ? 3 : bound)))
            }
            ranges.sort { $0.lowerBound < $1.lowerBound }
            let queries: [Range<Int>] = (0..<Int(rng.next() % 40)).map { _ in
                let start = Int(rng.next() % UInt64(bound))
                return start..<(start + Int(rng.next() % 30))
            }
            let found = RangeOverlaps.overlapping(ranges, queries)
            for (q, query) in queries.enumerated() {
                #expect(found[q] == ranges.indices.filter { ranges[$0].overlaps(query) }, "trial \(trial) query \(query)")
            }
        }
    }
}
