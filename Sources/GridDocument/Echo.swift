/// User text echoed in a message: escaped so it cannot break the one-line error (a newline in a
/// key), drive the terminal (escape sequences) or reorder what is shown (bidi controls), and
/// shortened so a 100,000-character key does not flood the screen.
package enum Echo {
    /// The most characters of user text one message echoes; the middle of longer text is cut.
    package static let maxCharacters = 80

    /// `s` with control characters written as escapes: `\n`, `\t`, `\r`, `\u{1B}`; file-name
    /// bytes that are not UTF-8 as `\xFF`.
    package static func escaped(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: needsEscape) else { return s }
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for u in s.unicodeScalars {
            guard needsEscape(u) else { out.unicodeScalars.append(u); continue }
            switch u {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where PathBytes.escapedByte(u) != nil:
                // A file-name byte that is not UTF-8 (`PathBytes`), shown as the byte.
                out += "\\x\(String(PathBytes.escapedByte(u)!, radix: 16, uppercase: true))"
            default: out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }

    /// Escaped and, past `limit` characters, cut in the middle: "abcdef…uvwxyz (100,000 characters)".
    package static func short(_ s: String, limit: Int = maxCharacters) -> String {
        let e = escaped(s)
        guard e.count > limit else { return e }
        let half = max(1, (limit - 1) / 2)
        return String(e.prefix(half)) + "…" + String(e.suffix(half)) + " (\(FileIO.grouped(s.count)) characters)"
    }

    /// C0 and C1 controls, DEL, and the invisible marks that reorder or hide text.
    static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        case PathBytes.escapeBase + 0x80 ... PathBytes.escapeBase + 0xFF: return true
        default: return false
        }
    }
}

extension String {
    /// The text with NUL characters shown as U+FFFD: C strings end at a NUL, so Pango dropped
    /// everything after an escaped `\u0000`. The replacement keeps the rest and marks the spot.
    var withVisibleNUL: String {
        guard utf8.contains(0) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}
