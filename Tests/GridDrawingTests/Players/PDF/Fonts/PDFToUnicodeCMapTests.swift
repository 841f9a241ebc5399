import Testing
@testable import GridDrawing

/// The ToUnicode CMap read back gives every glyph's text (and nothing for glyphs without text),
/// for generated maps that mix runs (bfrange), ligatures and characters outside the BMP.
@Suite struct PDFToUnicodeCMapTests {
    /// The map a reader gets from `cmap`, and the sizes of its blocks.
    static func read(_ cmap: String) -> (map: [UInt32: String], blocks: [Int]) {
        func hex(_ s: Substring) -> [UInt16] {
            let digits = Array(s.dropFirst().dropLast())
            return stride(from: 0, to: digits.count, by: 4).map { UInt16(String(digits[$0..<$0 + 4]), radix: 16)! }
        }
        var map: [UInt32: String] = [:], blocks: [Int] = [], kind = ""
        for line in cmap.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, words[1] == "beginbfchar" || words[1] == "beginbfrange" {
                blocks.append(Int(words[0])!); kind = String(words[1]); continue
            }
            if line.hasPrefix("end") { kind = ""; continue }
            if kind == "beginbfchar" {
                map[UInt32(hex(words[0])[0])] = String(decoding: hex(words[1]), as: UTF16.self)
            } else if kind == "beginbfrange" {
                let lo = hex(words[0])[0], hi = hex(words[1])[0], start = hex(words[2])[0]
                #expect(lo >> 8 == hi >> 8 && start >> 8 == (start + (hi - lo)) >> 8, "\(line)")
                for g in lo...hi { map[UInt32(g)] = String(decoding: [start + (g - lo)], as: UTF16.self) }
            }
        }
        return (map, blocks)
    }

    @Test(arguments: 0..<40)
    func readsBack(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ n: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(n))
        }
        var text: [UInt32: String] = [:]
        var glyph = UInt32(next(300))
        for _ in 0..<(1 + next(400)) {
            switch next(6) {
            case 0: text[glyph] = ""  // a glyph without text
            case 1: text[glyph] = "ffi"
            case 2: text[glyph] = "😀"
            default:
                // Runs of consecutive letters (bfrange), sometimes across a 256 boundary.
                let base = [0x41, 0x3B1, 0x4E00, 0x00F0][next(4)]
                text[glyph] = String(Unicode.Scalar(UInt32(base + Int(glyph % 40)))!)
            }
            glyph += UInt32(1 + (next(3) == 0 ? next(50) : 0))
        }
        let cmap = PDFToUnicodeCMap.cmap(text)
        let (map, blocks) = Self.read(cmap)
        #expect(map == text.filter { !$0.value.isEmpty })
        #expect(blocks.allSatisfy { $0 > 0 && $0 <= 100 })
    }

    @Test func consecutiveLettersAreOneRange() {
        let cmap = PDFToUnicodeCMap.cmap([36: "A", 37: "B", 38: "C", 39: "x", 40: "ffi", 41: ""])
        #expect(cmap.contains("1 beginbfrange\n<0024> <0026> <0041>\nendbfrange"))
        #expect(cmap.contains("2 beginbfchar\n<0027> <0078>\n<0028> <006600660069>\nendbfchar"))
        #expect(!cmap.contains("<0029>"))
    }
}
