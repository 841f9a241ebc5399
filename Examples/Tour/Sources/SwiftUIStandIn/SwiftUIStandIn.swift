// Stand-ins for SwiftUI's most common names, which do not exist on Linux: a file that imports
// this module, GridRender, Foundation and Yams uses all of them unqualified (Sources/Tour/
// Namespace.swift), which compiles only while GridRender brings none of them in.

/// SwiftUI's `Color`.
public struct Color: Sendable, Hashable {
    public var name: String
    public init(_ name: String) { self.name = name }
    public static let red = Color("red")
}

/// SwiftUI's `GridItem`.
public struct GridItem: Sendable, Hashable {
    public var minimum: Double
    public init(minimum: Double) { self.minimum = minimum }
}

/// SwiftUI's `Layout` protocol.
public protocol Layout {
    func sizeThatFits(_ width: Double) -> Double
}
