/// Renumbers the ids in Cairo's SVG output so they do not depend on what the process rendered
/// before (DESIGN.md §4 Contract): Cairo names `<g id="surfaceN">` and images from a process-wide
/// counter. Every id of the form letters + digits (and dashes), such as `surface12`, `glyph0-3`,
/// `clip4` or `image9`, becomes its letters + a per-prefix number in order of first appearance,
/// and every reference (`href="#…"`, `url(#…)`) follows. Works on bytes; text content cannot hold
/// such tokens because Cairo writes text as glyph outlines.
///
/// One pass that stops only at `"` and `(` (every marker ends in one) and copies the bytes
/// between in bulk: a table's SVG has one `href="#glyph…"` per glyph, so this is on the hot path.
enum SVGIdNormalizer {
    static func normalize(_ svg: [UInt8]) -> [UInt8] {
        var renamer = Renamer()
        var names = Names()
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        svg.withUnsafeBufferPointer { renamer.rename($0, names: &names, into: &out) }
        return out
    }

    /// An id of at most 15 bytes packed into two words: a dictionary key hashed without making
    /// a String, and a name appended without reference counting (a table's SVG has one reference
    /// per glyph, so this is on the hot path). Longer ids go through `Renamer`'s slow path.
    struct Token: Hashable {
        private var low: UInt64 = 0, high: UInt64 = 0
        static let capacity = 15

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= Token.capacity else { return nil }
            for (k, byte) in bytes.enumerated() {
                if k < 8 { low |= UInt64(byte) << (8 * UInt64(k)) } else { high |= UInt64(byte) << (8 * UInt64(k - 8)) }
            }
            high |= UInt64(bytes.count) << 56
        }

        init?(_ bytes: [UInt8]) {
            guard let token = bytes.withUnsafeBufferPointer({ Token($0) }) else { return nil }
            self = token
        }

        var count: Int { Int(high >> 56) }

        /// Appends the bytes.
        func write(to out: inout [UInt8]) {
            for k in 0..<count { out.append(UInt8(truncatingIfNeeded: (k < 8 ? low >> (8 * UInt64(k)) : high >> (8 * UInt64(k - 8))))) }
        }
    }

    /// The new names of one document's ids: short ones packed, long ones as Strings.
    struct Names {
        fileprivate var short: [Token: Token] = [:]
        fileprivate var long: [String: [UInt8]] = [:]

        /// Gives `id` (bytes of the document) the name `name`.
        mutating func set(_ id: UnsafeBufferPointer<UInt8>, to name: [UInt8]) {
            if let key = Token(id), let value = Token(name) { short[key] = value } else {
                long[String(decoding: id, as: UTF8.self)] = name
            }
        }
    }

    /// Renames ids and references in one or more pieces of SVG. Each prefix is numbered across
    /// all the pieces; `names` maps the pieces' own tokens to new names, so pieces from different
    /// documents can use different maps (`SVGStitcher`).
    struct Renamer {
        private var counters: [String: Int] = [:]

        /// The next name for `prefix`: the prefix and its count so far.
        mutating func newName(prefix: String) -> [UInt8] {
            let number = counters[prefix, default: 0]
            counters[prefix] = number + 1
            return Array(prefix.utf8) + Array(String(number).utf8)
        }

        /// Copies `svg` to `out` with every id and reference renamed through `names`, adding a
        /// new name for each token not in it yet.
        mutating func rename(_ svg: UnsafeBufferPointer<UInt8>, names: inout Names, into out: inout [UInt8]) {
            let quote = UInt8(ascii: "\""), paren = UInt8(ascii: "("), hash = UInt8(ascii: "#")
            let n = svg.count
            var copied = 0   // svg[copied..<i] is still to be copied
            var i = 0
            while i < n {
                let byte = svg[i]
                guard byte == quote || byte == paren else { i += 1; continue }
                // The token starts after the marker: `id="`, `href="#` or `url(#`.
                var start = -1
                if byte == quote {
                    if i + 1 < n, svg[i + 1] == hash, i >= 5, SVGIdNormalizer.ends(svg, at: i, with: "href=") {
                        start = i + 2
                    } else if i >= 3, SVGIdNormalizer.ends(svg, at: i, with: "id=") {
                        start = i + 1
                    }
                } else if i + 1 < n, svg[i + 1] == hash, i >= 3, SVGIdNormalizer.ends(svg, at: i, with: "url") {
                    start = i + 2
                }
                guard start >= 0 else { i += 1; continue }
                var j = start
                while j < n, SVGIdNormalizer.isLetter(svg[j]) { j += 1 }
                let prefixEnd = j
                while j < n, SVGIdNormalizer.isDigit(svg[j]) || svg[j] == UInt8(ascii: "-") { j += 1 }
                guard prefixEnd > start, j > prefixEnd, SVGIdNormalizer.isDigit(svg[prefixEnd]) else { i = start; continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: svg[copied..<start]))
                let token = UnsafeBufferPointer(rebasing: svg[start..<j])
                if let key = Token(token), let name = names.short[key] {
                    name.write(to: &out)
                } else if Token(token) == nil, let name = names.long[String(decoding: token, as: UTF8.self)] {
                    out.append(contentsOf: name)
                } else {
                    let name = newName(prefix: String(decoding: UnsafeBufferPointer(rebasing: svg[start..<prefixEnd]), as: UTF8.self))
                    names.set(token, to: name)
                    out.append(contentsOf: name)
                }
                copied = j
                i = j
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: svg[copied..<n]))
        }
    }

    /// Whether the bytes just before `end` are `marker` (ASCII).
    static func ends(_ svg: UnsafeBufferPointer<UInt8>, at end: Int, with marker: StaticString) -> Bool {
        let count = marker.utf8CodeUnitCount
        guard end >= count else { return false }
        let m = marker.utf8Start
        for k in 0..<count where svg[end - count + k] != m[k] { return false }
        return true
    }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
