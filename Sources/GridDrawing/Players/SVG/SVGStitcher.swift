/// Joins SVG documents Cairo wrote for layers of one canvas (same size, painted on different
/// threads: `RenderJob.svg`) into one document that draws them in order. The defs are merged: a
/// glyph whose outline another layer already defined is defined once (layers shape with Pango
/// contexts of their own, so each names its glyphs itself), and every other id is renamed apart.
/// The layers' bodies follow one another in one `<g id="surface0">`. Ids are numbered as
/// `SVGIdNormalizer` numbers them, per prefix, so the result depends only on the layers.
///
/// Cairo's document shape is fixed: the XML declaration and `<svg …>` line; optionally `<defs>`
/// holding a `<g>` of glyph `<symbol>`s and then other definitions (clip paths, images); then
/// `<g id="surfaceN">`, the drawing, `</g>`, `</svg>`. A layer of any other shape makes `join`
/// return nil, and the caller paints the document in one piece instead.
///
/// A layer may start with a paint of the whole page that `join` drops (`Layer.startsWithPage`).
/// It is there for Cairo: before writing, it adds every operation's bounding box to one region,
/// which costs time linear in the region's rectangles, quadratic in all; a first box covering the
/// page keeps that region one rectangle. A layer of text alone needs it.
enum SVGStitcher {
    /// Byte ranges of one layer's document.
    private struct Layer {
        var header: Range<Int>
        var hasGlyphGroup = false
        /// Each glyph symbol's id, and the rest of the symbol after the id (its outline).
        var symbols: [(id: Range<Int>, outline: Range<Int>)] = []
        var otherDefs: Range<Int>
        /// The `<g id="surfaceN">` line.
        var wrapper: Range<Int>
        var body: Range<Int>
    }

    /// `dropsPage[k]`: layer `k` starts with a page paint to leave out.
    static func join(_ documents: [[UInt8]], dropsPage: [Bool]) -> [UInt8]? {
        guard !documents.isEmpty, dropsPage.count == documents.count else { return nil }
        var layers: [Layer] = []
        for (document, drop) in zip(documents, dropsPage) {
            guard var layer = document.withUnsafeBufferPointer({ parse($0) }) else { return nil }
            if drop {
                guard let body = document.withUnsafeBufferPointer({ droppingPage(layer.body, in: $0) }) else { return nil }
                layer.body = body
            }
            layers.append(layer)
        }
        var renamer = SVGIdNormalizer.Renamer()
        var names = Array(repeating: SVGIdNormalizer.Names(), count: layers.count)
        var symbols: [UInt8] = [], defs: [UInt8] = [], wrapper: [UInt8] = []
        var glyphs: [Outline: [UInt8]] = [:]   // outline → name
        // The definitions first (every id is defined there before a body refers to it), then
        // the bodies straight into the result.
        for (k, (document, layer)) in zip(documents, layers).enumerated() {
            document.withUnsafeBufferPointer { bytes in
                if k == 0 {
                    // The first layer's wrapper is the document's: `surface0`.
                    renamer.rename(UnsafeBufferPointer(rebasing: bytes[layer.wrapper]), names: &names[k], into: &wrapper)
                }
                for symbol in layer.symbols {
                    let id = UnsafeBufferPointer(rebasing: bytes[symbol.id])
                    let outline = Outline(bytes: Array(bytes[symbol.outline]))
                    if let name = glyphs[outline] {
                        names[k].set(id, to: name)
                        continue
                    }
                    let name = renamer.newName(prefix: String(decoding: id.prefix { SVGIdNormalizer.isLetter($0) }, as: UTF8.self))
                    glyphs[outline] = name
                    names[k].set(id, to: name)
                    symbols.append(contentsOf: Array("<symbol overflow=\"visible\" id=\"".utf8))
                    symbols.append(contentsOf: name)
                    symbols.append(contentsOf: outline.bytes)
                }
                renamer.rename(UnsafeBufferPointer(rebasing: bytes[layer.otherDefs]), names: &names[k], into: &defs)
            }
        }
        var out = Array(documents[0][layers[0].header])
        out.reserveCapacity(documents.reduce(symbols.count + defs.count + 64) { $0 + $1.count })
        let glyphGroup = layers.contains { $0.hasGlyphGroup }
        if glyphGroup || !defs.isEmpty {
            out += Array("<defs>\n".utf8)
            if glyphGroup { out += Array("<g>\n".utf8) + symbols + Array("</g>\n".utf8) }
            out += defs
            out += Array("</defs>\n".utf8)
        }
        out += wrapper
        for (k, (document, layer)) in zip(documents, layers).enumerated() {
            document.withUnsafeBufferPointer { bytes in
                renamer.rename(UnsafeBufferPointer(rebasing: bytes[layer.body]), names: &names[k], into: &out)
            }
        }
        out += Array(closing.utf8)
        return out
    }

    private static let closing = "</g>\n</svg>\n"

    /// Joins layers one at a time, in order, handing out each one's bytes as soon as it is given,
    /// for documents too big to hold every layer at once (`RenderJob`'s streamed SVG). A layer's
    /// new glyph outlines and other definitions go in a `<defs>` of their own right before its
    /// body (SVG allows `<defs>` anywhere), so no layer waits for the ones after it. The picture
    /// is the one `join` gives; the bytes differ (definitions spread out instead of up front).
    struct Stream {
        private var renamer = SVGIdNormalizer.Renamer()
        private var glyphs: [Outline: [UInt8]] = [:]
        private var started = false

        /// Appends `document`'s part of the joined document to `out`; false when it is not shaped
        /// as Cairo writes SVG.
        mutating func append(_ document: [UInt8], dropsPage: Bool, to out: inout [UInt8]) -> Bool {
            guard var layer = document.withUnsafeBufferPointer({ parse($0) }) else { return false }
            if dropsPage {
                guard let body = document.withUnsafeBufferPointer({ droppingPage(layer.body, in: $0) }) else { return false }
                layer.body = body
            }
            var names = SVGIdNormalizer.Names()
            document.withUnsafeBufferPointer { bytes in
                if !started {
                    out += bytes[layer.header]
                    renamer.rename(UnsafeBufferPointer(rebasing: bytes[layer.wrapper]), names: &names, into: &out)
                    started = true
                }
                var symbols: [UInt8] = [], defs: [UInt8] = []
                for symbol in layer.symbols {
                    let id = UnsafeBufferPointer(rebasing: bytes[symbol.id])
                    let outline = Outline(bytes: Array(bytes[symbol.outline]))
                    if let name = glyphs[outline] {
                        names.set(id, to: name)
                        continue
                    }
                    let name = renamer.newName(prefix: String(decoding: id.prefix { SVGIdNormalizer.isLetter($0) }, as: UTF8.self))
                    glyphs[outline] = name
                    names.set(id, to: name)
                    symbols += Array("<symbol overflow=\"visible\" id=\"".utf8)
                    symbols += name
                    symbols += outline.bytes
                }
                renamer.rename(UnsafeBufferPointer(rebasing: bytes[layer.otherDefs]), names: &names, into: &defs)
                if !symbols.isEmpty || !defs.isEmpty {
                    out += Array("<defs>\n".utf8)
                    if !symbols.isEmpty { out += Array("<g>\n".utf8) + symbols + Array("</g>\n".utf8) }
                    out += defs
                    out += Array("</defs>\n".utf8)
                }
                renamer.rename(UnsafeBufferPointer(rebasing: bytes[layer.body]), names: &names, into: &out)
            }
            return true
        }

        /// The end of the joined document, with `extra` (link elements) on top of the drawing.
        func end(adding extra: [UInt8] = []) -> [UInt8] { Array("</g>\n".utf8) + extra + Array("</svg>\n".utf8) }
    }

    /// A glyph's outline bytes as a key, hashed in one go (an array of bytes hashes byte by byte).
    private struct Outline: Hashable {
        let bytes: [UInt8]
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// The layer's parts, or nil when the document is not shaped as Cairo writes it.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Layer? {
        guard let svg = find("<svg ", in: bytes, from: 0), let headerEnd = find("\n", in: bytes, from: svg) else { return nil }
        var pos = headerEnd + 1
        var layer = Layer(header: 0..<pos, otherDefs: pos..<pos, wrapper: pos..<pos, body: pos..<pos)
        if starts(bytes, at: pos, with: "<defs>\n") {
            pos += 7
            if starts(bytes, at: pos, with: "<g>\n") {
                pos += 4
                layer.hasGlyphGroup = true
                while starts(bytes, at: pos, with: "<symbol ") {
                    guard let idMarker = find("id=\"", in: bytes, from: pos), let idEnd = find("\"", in: bytes, from: idMarker + 4),
                          let end = find("</symbol>\n", in: bytes, from: pos), idEnd < end else { return nil }
                    layer.symbols.append((idMarker + 4..<idEnd, idEnd..<end + 10))
                    pos = end + 10
                }
                guard starts(bytes, at: pos, with: "</g>\n") else { return nil }
                pos += 5
            }
            guard let defsEnd = find("</defs>\n", in: bytes, from: pos) else { return nil }
            layer.otherDefs = pos..<defsEnd
            pos = defsEnd + 8
        }
        guard starts(bytes, at: pos, with: "<g id=\""), let lineEnd = find("\n", in: bytes, from: pos) else { return nil }
        layer.wrapper = pos..<lineEnd + 1
        let bodyEnd = bytes.count - closing.utf8.count
        guard bodyEnd >= lineEnd + 1, starts(bytes, at: bodyEnd, with: closing) else { return nil }
        layer.body = lineEnd + 1..<bodyEnd
        return layer
    }

    /// `body` without its first line, when that line is Cairo's paint of the whole page.
    private static func droppingPage(_ body: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard starts(bytes, at: body.lowerBound, with: "<rect x=\"0\" y=\"0\" width=\""),
              let end = find("\n", in: bytes, from: body.lowerBound), end < body.upperBound,
              bytes[end - 1] == UInt8(ascii: ">"), bytes[end - 2] == UInt8(ascii: "/") else { return nil }
        return end + 1..<body.upperBound
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at pos: Int, with marker: String) -> Bool {
        let m = Array(marker.utf8)
        guard pos >= 0, pos + m.count <= bytes.count else { return false }
        for k in 0..<m.count where bytes[pos + k] != m[k] { return false }
        return true
    }

    /// The index of the first `marker` at or after `from`.
    private static func find(_ marker: String, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let m = Array(marker.utf8)
        guard let first = m.first, m.count <= bytes.count else { return nil }
        var i = max(0, from)
        while i + m.count <= bytes.count {
            if bytes[i] == first, starts(bytes, at: i, with: marker) { return i }
            i += 1
        }
        return nil
    }
}
