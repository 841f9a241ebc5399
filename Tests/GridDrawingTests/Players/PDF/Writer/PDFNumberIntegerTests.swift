import Testing
@testable import GridDrawing

/// `PDFNumber.append(_: Int)`: the digit printer the structure tree and object streams use in
/// place of string interpolation prints what Swift's decimal description does.
struct PDFNumberIntegerTests {
    @Test func integersPrintAsTheirDescription() {
        var values = [0, 1, 9, 10, 99, 100, 1_000_000, -1, -10, Int.max, Int.min]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int(bitPattern: UInt(state >> UInt64(state % 60))))
        }
        for value in values {
            var out: [UInt8] = [0x41]
            PDFNumber.append(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "A\(value)")
        }
    }
}
