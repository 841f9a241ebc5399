/// Knuth's MMIX linear congruential generator (the high bits) with short random words: the
/// generated texts of the glyph compositor's tests, the same on every run.
public struct SeededWords: Sendable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    /// A number in `0 ..< bound`.
    public mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    /// 2 to 10 letters and digits (with the kerning pairs AV, WT, Q).
    public mutating func word() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzAVWTQ0123456789")
        return String((0..<(2 + next(9))).map { _ in letters[next(letters.count)] })
    }
}
