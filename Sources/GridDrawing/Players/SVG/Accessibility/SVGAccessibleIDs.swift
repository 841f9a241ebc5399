import GridDocument

/// The ids of an accessible SVG's `<title>` and `<desc>`, which its root and table point to
/// (`aria-labelledby`, `aria-describedby`).
///
/// An HTML page that inlines several gridrender SVGs puts all their ids in one document, where
/// a fixed `gridrender-title` would make every picture's label point to the first one's title.
/// So each id ends in a suffix derived from the document's content: the name, the description,
/// the language, the subtitle and footnote, the background (a theme), the table's size
/// and the part of the canvas shown (regions, origin, fit: a paginated table's pages
/// differ in it). An FNV-1a hash of those values, not of the output's bytes: the same on every
/// run and at every thread count. Pictures equal in all of them share ids; their titles and
/// descriptions are then the same text, so each label still reads right.
///
/// The same hash, shorter (`idPrefix`: `g` and six base-62 digits, as `gK3v9Qa`), prefixes every
/// id the SVG player writes (glyphs, text runs, clip paths, images: `SVGGlyphDefs.prefix`), so
/// two pictures inlined in one page do not define the same id for different glyphs; it is
/// made with the layer off too (`RenderJob.svgIDPrefix`). Short because a large table's SVG
/// names it in every glyph and run reference; a fixed length, so the code after it
/// (`SVGGlyphDefs`) is read apart without a separator.
struct SVGAccessibleIDs: Equatable {
    let title: String
    let description: String
    /// Eight hex digits of the hash: the document's own.
    let suffix: String
    /// `g` and the same 32 bits of the hash as six base-62 digits: what starts every id the
    /// SVG player writes.
    let idPrefix: String

    init(name: String, description: String?, grid: PreparedGrid, rows: Int, columns: Int, placement: SVGAccessibleTable.Placement) {
        var hash = Hash()
        hash.add(name)
        hash.add(description ?? "")
        hash.add(grid.language)
        hash.add(grid.subtitle?.text ?? "")
        hash.add(grid.footnote?.text ?? "")
        let b = grid.background
        for v in [b.red, b.green, b.blue, b.alpha] { hash.add(v.bitPattern) }  // not the scale: an SVG is the same at any scale
        hash.add(UInt64(rows))
        hash.add(UInt64(columns))
        for region in placement.regions {
            for n in [region.rows.lowerBound, region.rows.upperBound, region.columns.lowerBound, region.columns.upperBound] {
                hash.add(UInt64(bitPattern: Int64(n)))
            }
        }
        for v in [placement.origin.x, placement.origin.y, placement.scale] { hash.add(v.bitPattern) }
        suffix = hash.suffix
        idPrefix = "g" + hash.base62
        title = "gridrender-title-" + suffix
        self.description = "gridrender-desc-" + suffix
    }

    /// FNV-1a, 64 bits, over the values' bytes (strings as UTF-8 then a 0 byte, numbers as
    /// 8 little-endian bytes), folded to 32 bits for a short suffix.
    private struct Hash {
        private var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }

        mutating func add(_ s: String) {
            for byte in s.utf8 { add(byte: byte) }
            add(byte: 0)
        }

        mutating func add(_ n: UInt64) {
            for k in 0..<8 { add(byte: UInt8(truncatingIfNeeded: n >> UInt64(8 * k))) }
        }

        /// The 64 bits folded to 32.
        private var folded: UInt32 { UInt32(truncatingIfNeeded: value ^ (value >> 32)) }

        /// `folded` as six base-62 digits (0-9, a-z, A-Z), most significant first.
        var base62: String {
            let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
            var out = [UInt8](repeating: digits[0], count: 6), v = folded
            for k in stride(from: 5, through: 0, by: -1) { out[k] = digits[Int(v % 62)]; v /= 62 }
            return String(decoding: out, as: UTF8.self)
        }

        /// Eight lowercase hex digits.
        var suffix: String {
            let folded = self.folded
            let digits = Array("0123456789abcdef".utf8)
            var out: [UInt8] = []
            for k in stride(from: 28, through: 0, by: -4) { out.append(digits[Int((folded >> UInt32(k)) & 0xF)]) }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
