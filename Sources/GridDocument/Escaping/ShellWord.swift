/// Words of a command this project prints for a user to paste into a POSIX shell (the `accept`
/// command of a changed image, in the summary, the Markdown and the HTML report): the one quoting
/// function, so a file named `*.png`, `-h.png`, `a b.png`, `$(rm -rf x).png`, `'.png` or holding a
/// line break reaches the program as exactly that one argument.
package enum ShellWord {
    /// `word` as one shell word: bare when it is made only of characters no shell treats specially
    /// (letters, digits and `@%_+=:,./-`; not a leading `=`, which zsh expands), else in single quotes, each `'` written `'\''`. The empty
    /// word is `''`. A word that starts with `-` is still an option to the program: put `--` first.
    package static func quoted(_ word: String) -> String {
        if !word.isEmpty && !word.hasPrefix("=") && word.utf8.allSatisfy(isSafe) { return word }
        var out = "'"
        for character in word.unicodeScalars {
            if character == "'" {
                out += "'\\''"
            } else if let byte = PathBytes.escapedByte(character) {
                // A file-name byte that is not UTF-8 (`PathBytes`' escape): printed as ASCII that
                // makes the shell produce that very byte, `'"$(printf '\377')"'`.
                out += "'\"$(printf '\\" + String(byte, radix: 8) + "')\"'"
            } else {
                out.unicodeScalars.append(character)
            }
        }
        return out + "'"
    }

    /// Words joined with spaces, each `quoted`.
    package static func command(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "@%_+=:,./-".utf8.contains(byte)
        }
    }
}
