import CPangoCairo
import GridDocument

/// Owns a `PangoAttrList`: the styled ranges of one text (inline markup, links) and the font
/// choices the pinned stack needs (`FontStack`): the language of CJK and other non-Latin runs,
/// and the colour emoji font for emoji sequences. Ranges are UTF-8 byte offsets, as Pango's.
///
/// Never built from Pango markup: user text is set with `pango_layout_set_text` and these
/// attributes are laid over it, so `<b>` or `&amp;` typed in a cell stay as typed.
final class TextAttributes {
    let pointer: OpaquePointer

    init() { pointer = pango_attr_list_new() }
    deinit {
        pango_attr_list_unref(pointer)
        for attribute in pending.map(\.attribute) + decorations { pango_attribute_destroy(attribute) }
    }

    /// No attribute was added: the text can be laid out without a list.
    private(set) var isEmpty = true

    /// Attributes added and not yet in the list (`commit`); `counted`: a font change (every
    /// one but item breaks), counted against the limit `commit` is given.
    private var pending: [(attribute: UnsafeMutablePointer<PangoAttribute>, counted: Bool)] = []

    /// The attributes that change how laid-out glyphs are drawn, not which glyphs or where:
    /// colours, backgrounds, underlines, strike lines. Kept out of Pango's list, sorted by start
    /// (ties in the order added) once committed, and laid over the runs by
    /// `TextLayout.decorateRuns` after line breaking. Why: Pango 1.50 applies such attributes run
    /// by run, each time iterating the whole list from its start (`pango_glyph_item_apply_attrs`),
    /// so a cell of 40,000 code spans or links cost runs × spans (31 s against 1.5 s for italics).
    private(set) var decorations: [UnsafeMutablePointer<PangoAttribute>] = []

    /// Whether any attribute changes drawing only (`decorations`).
    var hasDecorations: Bool { !decorations.isEmpty }

    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>,
                        decoration: Bool = false, counted: Bool = true) {
        guard let attribute else { return }
        isEmpty = false
        attribute.pointee.start_index = UInt32(clamping: range.lowerBound)
        attribute.pointee.end_index = UInt32(clamping: range.upperBound)
        if decoration { decorations.append(attribute) } else { pending.append((attribute, counted)) }
    }

    /// In order of start, ties in the order added (the order `pango_attr_list_insert` keeps).
    private static func byStart<T>(_ items: [T], _ attribute: (T) -> UnsafeMutablePointer<PangoAttribute>) -> [T] {
        items.enumerated().sorted {
            (attribute($0.element).pointee.start_index, $0.offset) < (attribute($1.element).pointee.start_index, $1.offset)
        }.map(\.element)
    }

    /// Puts the added attributes into the list, by start offset (ties in the order added, as
    /// `pango_attr_list_insert` orders them). Why: Pango 1.50 appends an attribute that starts
    /// at or after the last one in O(1) but finds any other's place by a linear scan and moves
    /// the rest of its array, so adding item breaks (or languages) before 40,000 italic spans
    /// cost spans × attributes (22 of 25 s of a 80,000-span cell). Call once, before the list
    /// is given to a layout; the order is the same list the inserts would have made.
    ///
    /// Font changes (bold, italic, code, script languages: every attribute that splits Pango's
    /// items) past the first `fontChangeLimit` in text order are left out, the text after them
    /// set in the text's own font. Why: Pango 1.50 takes each of them out of a copy of the list
    /// one at a time while laying out (`pango_attr_list_filter`), moving the rest of the array
    /// each time, so their cost is their square: 250,000 italic spans in one cell took 28 s.
    /// Returns how many font changes the text has (more than the limit: some were left out).
    @discardableResult
    func commit(fontChangeLimit: Int = .max) -> Int {
        var changes = 0
        for (attribute, counted) in Self.byStart(pending, \.attribute) {
            if counted {
                changes += 1
                if changes > fontChangeLimit { pango_attribute_destroy(attribute); continue }
            }
            pango_attr_list_insert(pointer, attribute)
        }
        pending = []
        decorations = Self.byStart(decorations) { $0 }
        return changes
    }

    /// The attributes in the list, in its order (tests read the runs many spans produce).
    var inserted: [(start: Int, end: Int, type: PangoAttrType)] {
        var result: [(start: Int, end: Int, type: PangoAttrType)] = []
        let head = pango_attr_list_get_attributes(pointer)
        var node = head
        while let link = node {
            if let attribute = link.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
                result.append((Int(attribute.pointee.start_index), Int(attribute.pointee.end_index), attribute.pointee.klass.pointee.type))
                pango_attribute_destroy(attribute)
            }
            node = link.pointee.next
        }
        g_slist_free(head)
        return result
    }

    /// The decorations, in their order (tests).
    var decorationRanges: [(start: Int, end: Int, type: PangoAttrType)] {
        decorations.map { (Int($0.pointee.start_index), Int($0.pointee.end_index), $0.pointee.klass.pointee.type) }
    }

    private static func channel(_ v: Double) -> UInt16 { UInt16((max(0, min(1, v)) * 65535).rounded()) }

    func bold(_ range: Range<Int>) { insert(pango_attr_weight_new(PANGO_WEIGHT_BOLD), range) }
    func italic(_ range: Range<Int>) { insert(pango_attr_style_new(PANGO_STYLE_ITALIC), range) }
    func strikethrough(_ range: Range<Int>) { insert(pango_attr_strikethrough_new(1), range, decoration: true) }
    func underline(_ range: Range<Int>) { insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), range, decoration: true) }
    func family(_ family: String, _ range: Range<Int>) { insert(pango_attr_family_new(family), range) }
    /// An attribute that changes nothing drawn (font fallback stays on) but starts a new Pango
    /// item at each end of `range` (`StyledText.addItemBreaks`).
    func itemBreak(_ range: Range<Int>) { insert(pango_attr_fallback_new(1), range, counted: false) }
    func language(_ tag: String, _ range: Range<Int>) { insert(pango_attr_language_new(pango_language_from_string(tag)), range) }

    func foreground(_ color: Color, _ range: Range<Int>) {
        insert(pango_attr_foreground_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)), range, decoration: true)
        insert(pango_attr_foreground_alpha_new(max(1, Self.channel(color.alpha))), range, decoration: true)
    }

    func background(_ color: Color, _ range: Range<Int>) {
        insert(pango_attr_background_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)), range, decoration: true)
        insert(pango_attr_background_alpha_new(max(1, Self.channel(color.alpha))), range, decoration: true)
    }

    /// Gives each run of a script that `language` names a language (Pango's script itemizer
    /// decides the runs; common characters such as spaces join the runs around them).
    func addScriptLanguages(_ text: String, language: (PangoScript) -> String?) {
        text.utf8CString.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let iter = pango_script_iter_new(base, Int32(buffer.count - 1)) else { return }
            defer { pango_script_iter_free(iter) }
            repeat {
                var start: UnsafePointer<CChar>?, end: UnsafePointer<CChar>?
                var script = PANGO_SCRIPT_COMMON
                pango_script_iter_get_range(iter, &start, &end, &script)
                if let start, let end, let tag = language(script) {
                    self.language(tag, (start - base)..<(end - base))
                }
            } while pango_script_iter_next(iter) != 0
        }
    }
}
