/// Strings that reach a PDF. Cairo 1.16 writes a link's `uri` attribute into the annotation as
/// `/URI (…)` without escaping anything, so `)` ends the string and what follows becomes PDF
/// syntax (`https://e.com/) /S /JavaScript /JS (app.alert(1)` is a JavaScript action), a lone
/// `(` or `\` leaves the file unparsable. Every link URI goes through `uri` first, then through
/// `cairoAttribute` to become a value of Cairo's attribute string.
package enum PDFText {
    /// `url` as 7-bit ASCII that is inert inside a PDF literal string and a valid URI reference:
    /// every byte outside RFC 3986's unreserved and reserved characters (and `%` before two hex
    /// digits) is percent-encoded, UTF-8 byte by byte. `(`, `)`, `\`, `'`, spaces, controls,
    /// DEL and non-ASCII all become `%XX`, so the result holds no character PDF or Cairo reads.
    package static func uri(_ url: String) -> String {
        let bytes = Array(url.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (i, b) in bytes.enumerated() {
            if b == 0x25, i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) {
                out.append(b)
            } else if b != 0x25, kept(b) {
                out.append(b)
            } else {
                out += [0x25, hex(b >> 4), hex(b & 0xF)]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` as a single-quoted string of Cairo's tag attributes (`uri='…'`), where a
    /// backslash escapes the next character: `\` and `'` are escaped.
    package static func cairoAttribute(_ value: String) -> String {
        var quoted = "'"
        for u in value.unicodeScalars {
            if u == "\\" || u == "'" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(u)
        }
        return quoted + "'"
    }

    /// ALPHA, DIGIT, `-._~` and the reserved characters except `'`, `(`, `)` (and `%`,
    /// checked by the caller).
    private static func kept(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="): true
        default: false
        }
    }

    private static func isHex(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }

    private static func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10 }

    /// `text` as a PDF text string that holds any character and no PDF syntax: `<FEFF…>`, its
    /// UTF-16BE code units in hexadecimal (a tagged PDF's `/Lang` and `/Alt`).
    package static func textString(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = Array("<FEFF".utf8)
        for unit in text.utf16 {
            for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int((unit >> UInt16(shift)) & 0xF)]) }
        }
        out.append(0x3E)
        return String(decoding: out, as: UTF8.self)
    }
}
