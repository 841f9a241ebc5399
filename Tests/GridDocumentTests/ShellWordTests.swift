import Foundation
import Testing
@testable import GridDocument

/// `ShellWord.quoted`, the one quoting of printed shell commands: every word, however hostile,
/// reaches `/bin/sh` as exactly that one argument.
@Suite struct ShellWordTests {
    @Test func plainWordsStayBareOthersAreSingleQuoted() {
        #expect(ShellWord.quoted("expected/one.png") == "expected/one.png")
        #expect(ShellWord.quoted("a-b_c+d=e:f,g@h%i") == "a-b_c+d=e:f,g@h%i")
        #expect(ShellWord.quoted("") == "''")
        #expect(ShellWord.quoted("a b") == "'a b'")
        #expect(ShellWord.quoted("'.png") == "''\\''.png'")
        #expect(ShellWord.quoted("*.png") == "'*.png'")
        #expect(ShellWord.quoted("=cmd") == "'=cmd'")
        #expect(ShellWord.quoted("~user") == "'~user'")
        #expect(ShellWord.command(["gridrender", "accept", "--", "a b", "-h.png"]) == "gridrender accept -- 'a b' -h.png")
    }

    /// Hostile words and 300 random ones (every ASCII byte but NUL, some non-ASCII) survive the shell.
    @Test func everyWordSurvivesTheShell() throws {
        var generator = SystemRandomNumberGenerator()
        var words = ["*.png", "-h.png", "a b.png", "$(touch pwned).png", "`id`", "'.png", "''", "\"", "x\ny", "\\", "$HOME",
                     "~", "=x", "a;b", "a&b", "a|b", "{a,b}", "[ab]", "?", "!", "#x", "%1", "\t", "é ü 表", ""]
        let alphabet = (1...127).map { Character(Unicode.Scalar(UInt8($0))) } + ["é", "表", "\u{2028}"]
        for _ in 0..<300 {
            words.append(String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        // One shell run: each word printed between NUL bytes, then compared.
        let script = words.map { "printf '%s\\0' " + ShellWord.quoted($0) }.joined(separator: "\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let printed = data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        #expect(printed.count == words.count)
        for (word, back) in zip(words, printed) where word != back {
            Issue.record("\(word.debugDescription) came back as \(back.debugDescription) from \(ShellWord.quoted(word))")
        }
    }

    /// File names that are not UTF-8 (`PathBytes` escapes their bytes) reach the shell as the very
    /// bytes: the printed command stays ASCII around them.
    @Test func bytesThatAreNotUTF8SurviveTheShell() throws {
        let words = [[0xFF], [0x61, 0x80, 0x62], [0xC3], [0x27, 0xFE, 0x27], [0x2D, 0xE9, 0x2E, 0x70, 0x6E, 0x67], Array(0x80...0xFF)]
            .map { PathBytes.string($0 as [UInt8]) }
        let script = words.map { "printf '%s\\0' " + ShellWord.quoted($0) }.joined(separator: "\n")
        for word in words { let ascii = ShellWord.quoted(word).unicodeScalars.allSatisfy { $0.isASCII }; #expect(ascii) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let printed = data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { Array($0) }
        #expect(printed == words.map { PathBytes.bytes($0) })
    }
}
