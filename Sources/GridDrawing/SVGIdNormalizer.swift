/// Renumbers the ids in Cairo's SVG output so they do not depend on what the process rendered
/// before (DESIGN.md §4 Contract): Cairo names `<g id="surfaceN">` and images from a process-wide
/// counter. Every id of the form letters + digits (and dashes), such as `surface12`, `glyph0-3`,
/// `clip4` or `image9`, becomes its letters + a per-prefix number in order of first appearance,
/// and every reference (`href="#…"`, `url(#…)`) follows. Works on bytes; text content cannot hold
/// such tokens because Cairo writes text as glyph outlines.
enum SVGIdNormalizer {
    static func normalize(_ svg: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var names: [ArraySlice<UInt8>: [UInt8]] = [:]
        var counters: [ArraySlice<UInt8>: Int] = [:]
        let markers: [[UInt8]] = [Array("id=\"".utf8), Array("href=\"#".utf8), Array("url(#".utf8)]
        var i = 0
        let n = svg.count
        while i < n {
            var matched = false
            let byte = svg[i]
            if byte == UInt8(ascii: "i") || byte == UInt8(ascii: "h") || byte == UInt8(ascii: "u") {
                for marker in markers where i + marker.count <= n && svg[i..<i + marker.count].elementsEqual(marker) {
                    out.append(contentsOf: marker)
                    i += marker.count
                    var j = i
                    while j < n, isLetter(svg[j]) { j += 1 }
                    let prefixEnd = j
                    while j < n, isDigit(svg[j]) || svg[j] == UInt8(ascii: "-") { j += 1 }
                    if prefixEnd > i, j > prefixEnd, isDigit(svg[prefixEnd]) {
                        let token = svg[i..<j]
                        if let name = names[token] {
                            out.append(contentsOf: name)
                        } else {
                            let prefix = svg[i..<prefixEnd]
                            let number = counters[prefix, default: 0]
                            counters[prefix] = number + 1
                            let name = Array(prefix) + Array(String(number).utf8)
                            names[token] = name
                            out.append(contentsOf: name)
                        }
                        i = j
                    }
                    matched = true
                    break
                }
            }
            if !matched { out.append(byte); i += 1 }
        }
        return out
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
