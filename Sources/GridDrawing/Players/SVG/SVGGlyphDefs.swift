import Dispatch
import GridLayout

/// The glyph definitions of one SVG document, shared by the threads that write its parts. Ids
/// are the project's, the same whichever thread meets a glyph first and however the rows are
/// cut into chunks: a font's code (`a`, `b`, … for the fonts `seed` is given in document
/// order; `f` + a hash of the font's outlines for any other, such as a fallback font) followed
/// by the glyph's id in the font, e.g. `a38`, `fk3q9x2m1-38`. A part records the ids it uses;
/// the document defines their union once, so the parts' bodies join by concatenation.
/// Every id starts with `prefix`, the document's own (`RenderJob.svgIDPrefix`), so documents
/// inlined in one HTML page never share an id: `gK3v9Qaa38`.
///
/// `@unchecked Sendable`: every property is guarded by `lock`.
final class SVGGlyphDefs: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    /// Font key (`GlyphOutlines.key`) → code.
    private var codes: [UInt64: [UInt8]] = [:]
    /// Id → path data of every glyph met so far (empty: no ink).
    private var outlines: [[UInt8]: [UInt8]] = [:]

    /// Id → whole definition of every clip path and image met so far (`clip`, `element`).
    private var elements: [[UInt8]: [UInt8]] = [:]

    private var refusedFlag = false

    /// What starts every id handed out (glyph codes, clip paths; images: `SVGPlayer.imageID`).
    let prefix: [UInt8]

    init(prefix: [UInt8] = []) {
        self.prefix = prefix
    }

    /// Whether a part's player refused (`SVGPlayer`): the other parts stop writing.
    var refused: Bool {
        lock.wait(); defer { lock.signal() }
        return refusedFlag
    }

    func refuse() {
        lock.wait(); defer { lock.signal() }
        refusedFlag = true
    }

    /// Gives the font of `key` the next short code (fonts of the document's styles, in an
    /// order that depends on the document only). A key seeded before keeps its code.
    func seed(_ key: UInt64) {
        lock.wait(); defer { lock.signal() }
        guard codes[key] == nil else { return }
        codes[key] = prefix + SVGGlyphDefs.letters(codes.count)
    }

    /// The code of the font with `key`.
    func code(for key: UInt64) -> [UInt8] {
        lock.wait(); defer { lock.signal() }
        if let code = codes[key] { return code }
        // Not seeded: a code of its own from the key, never one a seeded font has (letters
        // only) and ending in "-" so that the glyph number is read apart.
        return prefix + Array("f".utf8) + Array(String(key >> 24, radix: 36).utf8) + [UInt8(ascii: "-")]
    }

    /// The path data of `id`, made by `make` (outside the lock) the first time.
    func outline(_ id: [UInt8], make: () throws -> [UInt8]) rethrows -> [UInt8] {
        lock.wait()
        if let known = outlines[id] { lock.signal(); return known }
        lock.signal()
        let made = try make()
        lock.wait(); defer { lock.signal() }
        if let known = outlines[id] { return known }
        outlines[id] = made
        return made
    }

    /// The id of the clip path to the device rectangle `clip`, defined the first time: its
    /// numbers as written (Cairo's fixed point), so every part that clips there names it alike.
    func clip(_ clip: Rect) -> [UInt8] {
        let x0 = SVGPlayer.fixed(clip.x), y0 = SVGPlayer.fixed(clip.y)
        let x1 = SVGPlayer.fixed(clip.maxX), y1 = SVGPlayer.fixed(clip.maxY)
        var numbers: [UInt8] = []
        for (k, v) in [x0, y0, x1, y1].enumerated() {
            if k > 0 { numbers.append(UInt8(ascii: "_")) }
            SVGNumber.append(v, to: &numbers)
        }
        let id = prefix + Array("clip-".utf8) + numbers
        element(id) {
            var d: [UInt8] = Array("M".utf8)
            SVGNumber.append(x0, to: &d); d.append(0x20); SVGNumber.append(y0, to: &d)
            d.append(UInt8(ascii: "H")); SVGNumber.append(x1, to: &d)
            d.append(UInt8(ascii: "V")); SVGNumber.append(y1, to: &d)
            d.append(UInt8(ascii: "H")); SVGNumber.append(x0, to: &d)
            d.append(UInt8(ascii: "Z"))
            return Array("<clipPath id=\"".utf8) + id + Array("\"><path d=\"".utf8) + d + Array("\"/></clipPath>\n".utf8)
        }
        return id
    }

    /// Defines `id` as the element `make` writes (outside the lock), the first time.
    func element(_ id: [UInt8], make: () throws -> [UInt8]) rethrows {
        lock.wait()
        if elements[id] != nil { lock.signal(); return }
        lock.signal()
        let made = try make()
        lock.wait(); defer { lock.signal() }
        if elements[id] == nil { elements[id] = made }
    }

    /// Defines the text run `id` as `element` (`SVGPlayer+TextRuns`) the first time; false when
    /// `id` is already another run's (two definitions with one hash).
    func defineRun(_ id: [UInt8], _ element: [UInt8]) -> Bool {
        lock.wait(); defer { lock.signal() }
        if let known = elements[id] { return known == element }
        elements[id] = element
        return true
    }

    /// The definitions of `ids`, in the order of the ids: `<path id=… d=…/>` for each glyph
    /// with ink, the element itself for a clip path or an image.
    func definitions(_ ids: [[UInt8]]) -> [UInt8] {
        lock.wait(); defer { lock.signal() }
        var out: [UInt8] = []
        for id in ids {
            if let element = elements[id] { out += element; continue }
            guard let path = outlines[id], !path.isEmpty else { continue }
            out += Array("<path id=\"".utf8) + id + Array("\" d=\"".utf8) + path + Array("\"/>\n".utf8)
        }
        return out
    }

    /// The definitions of `ids` as `definitions` writes them, sorted on the calling thread (a
    /// part's lane): only the look-ups hold the lock.
    func definitionList(_ ids: Set<[UInt8]>) -> SVGDefinitionList {
        var found: [(id: [UInt8], element: [UInt8]?, path: [UInt8]?)] = []
        found.reserveCapacity(ids.count)
        lock.wait()
        for id in ids {
            if let element = elements[id] { found.append((id, element, nil)) } else { found.append((id, nil, outlines[id])) }
        }
        lock.signal()
        return SVGDefinitionList(unsorted: found.map { item in
            var element = item.element ?? []
            if item.element == nil, let path = item.path, !path.isEmpty {
                element = Array("<path id=\"".utf8) + item.id + Array("\" d=\"".utf8) + path + Array("\"/>\n".utf8)
            }
            return SVGDefinitionList.Entry(key: SVGDefinitionList.key(item.id), element: element)
        })
    }

    /// Ids in the document's order: by code, then by glyph number, then by the bytes (two run
    /// ids may end in the same number after different digits: `…R0a07`, `…R0b7`).
    static func sorted(_ ids: Set<[UInt8]>) -> [[UInt8]] {
        func split(_ id: [UInt8]) -> ([UInt8], Int) {
            let digits = min(18, id.reversed().prefix { $0 >= 0x30 && $0 <= 0x39 }.count)
            return (Array(id.dropLast(digits)), Int(String(decoding: id.suffix(digits), as: UTF8.self)) ?? 0)
        }
        return ids.map { ($0, split($0)) }.sorted { a, b in
            if a.1.0 != b.1.0 { return a.1.0.lexicographicallyPrecedes(b.1.0) }
            if a.1.1 != b.1.1 { return a.1.1 < b.1.1 }
            return a.0.lexicographicallyPrecedes(b.0)
        }.map(\.0)
    }

    /// 0 → a, 25 → z, 26 → ba, … (letters only, so the glyph number that follows is read apart).
    static func letters(_ n: Int) -> [UInt8] {
        var n = n, out: [UInt8] = []
        repeat { out.insert(UInt8(ascii: "a") + UInt8(n % 26), at: 0); n /= 26 } while n > 0
        return out
    }
}
