import Testing
@testable import GridDrawing

/// `StyledText.joiningLines`: the first `limit` breaks stay, the rest become spaces of the same
/// bytes (so styled ranges keep their offsets), and every break is counted.
@Suite struct JoiningLinesTests {
    @Test(arguments: [0, 1, 5, 100])
    func breaksPastTheLimitBecomeSpaces(limit: Int) {
        var rng = SeededLCG(seed: UInt64(limit + 11))
        let pieces = ["a", "é", "字", "\n", "\r\n", "\u{2029}", " ", "😀"]
        for _ in 0..<50 {
            let text = (0..<Int(rng.next() % 80)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let breaks = text.unicodeScalars.filter { $0 == "\n" || $0 == "\r" || $0 == "\u{2029}" }.count
            let (joined, counted) = StyledText.joiningLines(text, after: limit)
            #expect(counted == breaks)
            #expect(joined.utf8.count == text.utf8.count)
            let kept = joined.unicodeScalars.filter { $0 == "\n" || $0 == "\r" || $0 == "\u{2029}" }.count
            #expect(kept == (breaks > limit ? limit : breaks))
            // Every other byte is where it was; a break's bytes are kept or all spaces.
            let before = Array(text.utf8), after = Array(joined.utf8)
            var i = 0
            while i < before.count {
                let width = before[i] == 0xE2 && before[i + 1] == 0x80 && before[i + 2] == 0xA9 ? 3 : 1
                let isBreak = width == 3 || before[i] == 0x0A || before[i] == 0x0D
                let same = before[i..<(i + width)] == after[i..<(i + width)]
                #expect(same || isBreak && after[i..<(i + width)].allSatisfy { $0 == 0x20 }, "byte \(i)")
                i += width
            }
            if breaks <= limit { #expect(joined == text) }
        }
    }
}
