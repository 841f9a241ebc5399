/// Makes SVG text comparable across processes and library versions.
///
/// Cairo numbers ids from process-wide counters (`surface5`, `glyph0-1`, `clip3`), so the same
/// picture rendered after another one gets different ids. The normalizer renumbers every
/// `id="…"` value as `id1`, `id2`, … in the order the definitions appear and rewrites the
/// references to them (`href="#…"`, `xlink:href="#…"`, `url(#…)`, and the id lists of
/// `aria-labelledby`/`aria-describedby` and the other ARIA id-reference attributes); references to ids that are not
/// defined in the document are left alone. Whitespace-only text between tags (including none)
/// becomes one newline, so indentation and line breaks do not count and every tag starts a line,
/// which keeps text diffs readable. Line endings become `\n`, and the text ends with exactly one newline.
package enum SVGNormalizer {
    package static func normalize(_ svg: String) -> String {
        let whitespaceFixed = normalizeWhitespace(Array(svg.utf8))
        let ids = collectIDs(whitespaceFixed)
        let renamed = ids.isEmpty ? whitespaceFixed : rename(whitespaceFixed, ids)
        return String(decoding: renamed, as: UTF8.self)
    }

    private static let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    /// Whitespace (or nothing) between `>` and `<` becomes "\n"; CRLF becomes LF; the ends are trimmed.
    static func normalizeWhitespace(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">")
        while i < bytes.count {
            let byte = bytes[i]
            if byte == gt {
                out.append(byte)
                var j = i + 1
                while j < bytes.count, space.contains(bytes[j]) { j += 1 }
                if j == bytes.count || bytes[j] == lt {
                    if j < bytes.count { out.append(0x0A) }
                    i = j
                } else {
                    i += 1
                }
                continue
            }
            if byte == 0x0D {
                out.append(0x0A)
                i += (i + 1 < bytes.count && bytes[i + 1] == 0x0A) ? 2 : 1
                continue
            }
            out.append(byte)
            i += 1
        }
        while let first = out.first, space.contains(first) { out.removeFirst() }
        while let last = out.last, space.contains(last) { out.removeLast() }
        out.append(0x0A)
        return out
    }

    /// The ids defined by ` id="…"` or ` id='…'` attributes, numbered in order of appearance.
    static func collectIDs(_ bytes: [UInt8]) -> [[UInt8]: [UInt8]] {
        var ids: [[UInt8]: [UInt8]] = [:]
        forEachIDAttribute(bytes) { range in
            let value = Array(bytes[range])
            if ids[value] == nil { ids[value] = Array("id\(ids.count + 1)".utf8) }
        }
        return ids
    }

    /// Calls `body` with the value range of every `id` attribute (preceded by whitespace, followed
    /// by optional spaces, `=`, optional spaces and a quote).
    static func forEachIDAttribute(_ bytes: [UInt8], _ body: (Range<Int>) -> Void) {
        let i0 = UInt8(ascii: "i"), d0 = UInt8(ascii: "d"), eq = UInt8(ascii: "=")
        var i = 1
        while i + 2 < bytes.count {
            if bytes[i] == i0 && bytes[i + 1] == d0 && space.contains(bytes[i - 1]) {
                var j = i + 2
                while j < bytes.count, space.contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == eq {
                    j += 1
                    while j < bytes.count, space.contains(bytes[j]) { j += 1 }
                    if j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") {
                        let quote = bytes[j]
                        let start = j + 1
                        var end = start
                        while end < bytes.count, bytes[end] != quote { end += 1 }
                        if end < bytes.count {
                            body(start ..< end)
                            i = end + 1
                            continue
                        }
                    }
                }
            }
            i += 1
        }
    }

    /// Rewrites id attribute values and `#id` references that follow `"`, `'` or `(`.
    static func rename(_ bytes: [UInt8], _ ids: [[UInt8]: [UInt8]]) -> [UInt8] {
        var replacements: [(Range<Int>, [UInt8])] = []
        forEachIDAttribute(bytes) { range in
            if let new = ids[Array(bytes[range])] { replacements.append((range, new)) }
        }
        let hash = UInt8(ascii: "#")
        let openers: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "(")]
        let terminators: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"),
                                       UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "<"),
                                       UInt8(ascii: ">"), 0x20, 0x09, 0x0A, 0x0D]
        var i = 1
        while i < bytes.count {
            if bytes[i] == hash && openers.contains(bytes[i - 1]) {
                var end = i + 1
                while end < bytes.count, !terminators.contains(bytes[end]) { end += 1 }
                if end > i + 1, let new = ids[Array(bytes[(i + 1) ..< end])] {
                    replacements.append(((i + 1) ..< end, new))
                }
                i = end
                continue
            }
            i += 1
        }
        forEachIDReferenceList(bytes) { range in
            var start = range.lowerBound
            while start < range.upperBound {
                while start < range.upperBound, space.contains(bytes[start]) { start += 1 }
                var end = start
                while end < range.upperBound, !space.contains(bytes[end]) { end += 1 }
                if end > start, let new = ids[Array(bytes[start ..< end])] { replacements.append((start ..< end, new)) }
                start = end
            }
        }
        replacements.sort { $0.0.lowerBound < $1.0.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for (range, new) in replacements where range.lowerBound >= position {
            out.append(contentsOf: bytes[position ..< range.lowerBound])
            out.append(contentsOf: new)
            position = range.upperBound
        }
        out.append(contentsOf: bytes[position...])
        return out
    }

    /// ARIA attributes whose value is a list of ids (WAI-ARIA 1.2 ID reference lists, and the
    /// single references), renumbered with the ids they name.
    static let idReferenceAttributes: [[UInt8]] = [
        "aria-labelledby", "aria-describedby", "aria-details", "aria-controls", "aria-owns",
        "aria-flowto", "aria-activedescendant", "aria-errormessage",
    ].map { Array($0.utf8) }

    /// Calls `body` with the value range of every ID-reference attribute (a name of
    /// `idReferenceAttributes` after whitespace, `=` and a quote, as `forEachIDAttribute` reads `id`).
    static func forEachIDReferenceList(_ bytes: [UInt8], _ body: (Range<Int>) -> Void) {
        let a0 = UInt8(ascii: "a"), eq = UInt8(ascii: "=")
        var i = 1
        while i + 5 < bytes.count {
            guard bytes[i] == a0, bytes[i + 1] == UInt8(ascii: "r"), space.contains(bytes[i - 1]),
                  let name = idReferenceAttributes.first(where: { i + $0.count < bytes.count && bytes[i ..< i + $0.count].elementsEqual($0) })
            else { i += 1; continue }
            var j = i + name.count
            while j < bytes.count, space.contains(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == eq else { i += 1; continue }
            j += 1
            while j < bytes.count, space.contains(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { i += 1; continue }
            let quote = bytes[j]
            var end = j + 1
            while end < bytes.count, bytes[end] != quote { end += 1 }
            guard end < bytes.count else { return }
            body(j + 1 ..< end)
            i = end + 1
        }
    }
}
