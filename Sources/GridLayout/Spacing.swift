/// A gap or margin: a base size plus an optional stretch weight for sharing free space
/// (DESIGN.md §2, "Spacing"). final = size + free · stretch / Σweights.
public struct Spacing: Sendable, Hashable {
    public var size: Double
    public var stretch: Double
    public init(_ size: Double = 0, stretch: Double = 0) { self.size = size; self.stretch = stretch }
    public static let zero = Spacing(0)
}
