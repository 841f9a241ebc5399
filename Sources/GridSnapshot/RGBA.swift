/// One straight-alpha RGBA8 pixel.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}
