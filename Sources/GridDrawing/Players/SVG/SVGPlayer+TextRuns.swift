/// Text runs written once: a run of two or more glyphs with ink on one baseline becomes a
/// definition (`<g id="…R…">` of `<use>`s of its glyphs, x from the run's first glyph) and one
/// `<use href="#…R…" x="…"/>` where it is drawn, so a value that repeats down a column (a
/// city, a status, a date) costs one element per occurrence instead of one per glyph.
///
/// Same raster: rsvg reads every number as a 32-bit float, then Cairo rounds every point to
/// 1/256 of a device unit. A glyph's position was printed to six decimals (`SVGNumber`); from
/// 16 to 16384 units the float read back is the exact position (a multiple of Pango's 1/1024).
/// The run's first glyph is still printed so; each other glyph's offset is written with
/// the fewest decimals whose float, added to the first, gives the exact position where the
/// glyph is half way between two steps of 1/256 (where the outline's own printed error decides
/// the rounding), and a position on the same side of the half steps elsewhere, so every point
/// of every outline lands on the step it did (`SVGPlayer.offset`). Anything else (a glyph
/// moved off the baseline, a position off that grid or range) is written glyph by glyph.
///
/// Ids are the project's and the same whichever thread meets a run first: the document's
/// prefix, `R` (no font's code starts upper case) and 11 base-62 digits of a 64-bit FNV-1a hash
/// of the definition's bytes. A second definition with the same id is checked byte for byte;
/// two different runs with one hash (about one document in 10^9 at 100,000 rows) make the
/// player refuse rather than draw the wrong glyphs.
extension SVGPlayer {
    /// What `writeRun` did.
    enum RunOutcome {
        /// Written as one use of its definition.
        case written
        /// Not a run it writes (fewer than two glyphs with ink, a glyph moved off the baseline, a
        /// position not printed from an exact binary value): write its glyphs one by one.
        case glyphByGlyph
        /// The player refused (a glyph's outline failed).
        case refused
    }

    /// Writes the glyphs of one run as a use of its definition, in the open glyph group of
    /// `fill` on the baseline `baseY` (device units), the run starting at `baseX`.
    func writeRun(_ glyphs: ArraySlice<GlyphsNode.Glyph>, font: SVGPartFont,
                  baseX: Double, baseY: Double, fill: [UInt8]) -> RunOutcome {
        guard writesRuns else { return .glyphByGlyph }
        var refs: [(glyph: UInt32, ref: SVGPartFont.Glyph, x: Double)] = []
        refs.reserveCapacity(glyphs.count)
        for glyph in glyphs {
            guard glyph.yUnits == 0 else { return .glyphByGlyph }
            guard let ref = glyphRef(glyph.id, in: font) else { return .refused }
            guard ref.ink else { continue }
            let x = baseX + glyph.x
            // Where a float read of the printed number is the exact position (see above).
            guard x >= 16, x < 16_384, x * 1024 == (x * 1024).rounded() else { return .glyphByGlyph }
            refs.append((glyph.id, ref, x))
        }
        guard refs.count >= 2 else { return .glyphByGlyph }
        var definition: [UInt8] = []
        definition.reserveCapacity(refs.count * 32)
        for (k, ref) in refs.enumerated() {
            definition.append(contentsOf: SVGPlayer.useOpen)
            definition.append(contentsOf: ref.ref.id)
            if k > 0 {
                definition.append(contentsOf: SVGPlayer.xOpen)
                SVGPlayer.appendOffset(ref.x - refs[0].x, at: ref.x, loose: scale == 1, to: &definition)
            }
            definition.append(contentsOf: SVGPlayer.useClose)
        }
        guard let id = runID(definition, glyphs: refs, font: font) else { return .refused }
        var y: [UInt8] = []
        SVGNumber.append(baseY, to: &y)
        if group?.fill != fill || group?.y != y {
            closeGroup()
            body += Array("<g".utf8) + fill + Array(" transform=\"translate(0 ".utf8) + y + Array(")\">".utf8)
            group = (fill, y)
        }
        body.append(contentsOf: SVGPlayer.useOpen)
        body.append(contentsOf: id)
        body.append(contentsOf: SVGPlayer.xOpen)
        // Any number whose float is the first glyph's exact position, as the six decimals were.
        SVGPlayer.appendOffset(refs[0].x, at: refs[0].x, loose: false, to: &body)
        body.append(contentsOf: SVGPlayer.useClose)
        return .written
    }

    private static let useOpen: [UInt8] = Array("<use href=\"#".utf8)
    private static let xOpen: [UInt8] = Array("\" x=\"".utf8)
    private static let useClose: [UInt8] = Array("\"/>".utf8)

    /// The id of the run `definition` (the uses of `glyphs`), defined in the document the first
    /// time this part meets it; nil when the player refused (two runs with one id).
    private func runID(_ definition: [UInt8], glyphs: [(glyph: UInt32, ref: SVGPartFont.Glyph, x: Double)],
                       font: SVGPartFont) -> [UInt8]? {
        // Keyed by the FNV hash: hashing the bytes with `Hasher` cost more than the rest of the run.
        let hash = SVGPlayer.fnv(definition)
        if let known = runIDs[hash], known.definition == definition { return known.id }
        let id = defs.prefix + [UInt8(ascii: "R")] + SVGPlayer.base62(hash)
        let element = Array("<g id=\"".utf8) + id + Array("\">".utf8) + definition + Array("</g>\n".utf8)
        guard defs.defineRun(id, element) else {
            refuse("two text runs with one id (\(String(decoding: id, as: UTF8.self)))")
            return nil
        }
        runIDs[hash] = (definition, id)
        usedGlyphs.insert(id)
        for glyph in glyphs { use(glyph.glyph, glyph.ref, in: font) }
        return id
    }

    /// Appends the offset `d` (exact: a multiple of 1/1024 under 16384 in size) of a glyph at
    /// `x` from its run's first glyph, with the fewest decimals (up to ten: `d` itself) whose
    /// float is `d` itself where the glyph is half way between two steps of 1/256 (or `loose`
    /// is false: a page scaled to fit), and within a quarter step of `d` less margins elsewhere.
    static func appendOffset(_ d: Double, at x: Double, loose: Bool, to out: inout [UInt8]) {
        let quarter = Int64(x * 1024) & 3
        let ulp = Double(Float(d).ulp)
        // The outline's points were printed with six decimals and read as floats (under 2e-6
        // off), the offset's float may be one step off the nearest in another reader's hands.
        let tolerance = loose && quarter != 2 ? (quarter == 0 ? 1.0 / 512 : 1.0 / 1024) - 4e-6 - ulp : ulp / 4
        var scale = 1.0
        for decimals in 0...10 {
            let m = (d * scale).rounded()
            if abs(m / scale - d) < tolerance || decimals == 10 {
                appendDecimal(Int64(m), decimals: decimals, to: &out)
                return
            }
            scale *= 10
        }
    }

    /// `m / 10^decimals`, trailing zeros of the fraction dropped.
    private static func appendDecimal(_ m: Int64, decimals: Int, to out: inout [UInt8]) {
        if m < 0 { out.append(UInt8(ascii: "-")) }
        var v = m.magnitude, digits = 0
        repeat { digits += 1; v /= 10 } while v > 0
        let count = max(digits, decimals + 1)
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        v = m.magnitude
        for k in stride(from: start + count - 1, through: start, by: -1) { out[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10 }
        guard decimals > 0 else { return }
        out.insert(UInt8(ascii: "."), at: out.count - decimals)
        while out.last == UInt8(ascii: "0") { out.removeLast() }
        if out.last == UInt8(ascii: ".") { out.removeLast() }
    }

    /// 64-bit FNV-1a of `bytes` (deterministic across processes, unlike `Hasher`).
    static func fnv(_ bytes: [UInt8]) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return value
    }

    /// `value` as 11 base-62 digits (0-9, a-z, A-Z), most significant first.
    static func base62(_ value: UInt64) -> [UInt8] {
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        var out = [UInt8](repeating: digits[0], count: 11), v = value
        for k in stride(from: 10, through: 0, by: -1) { out[k] = digits[Int(v % 62)]; v /= 62 }
        return out
    }
}
