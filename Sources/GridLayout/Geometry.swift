/// Plain geometry in points (or pixels, where a type says so). `Double` throughout: layout runs
/// unrounded and pixel snapping is its last step.
package struct Point: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) { self.x = x; self.y = y }
}

package struct Size: Sendable, Hashable {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) { self.width = width; self.height = height }
    package static let zero = Size(width: 0, height: 0)
}

public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    /// True when the two rectangles share interior area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}

/// A value per side, as CSS orders them: top, right, bottom, left.
public struct Insets<Value: Sendable & Hashable>: Sendable, Hashable {
    public var top: Value
    public var right: Value
    public var bottom: Value
    public var left: Value
    public init(top: Value, right: Value, bottom: Value, left: Value) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }
    public init(all: Value) { self.init(top: all, right: all, bottom: all, left: all) }
}

/// A value per axis.
public struct AxisPair<Value: Sendable & Hashable>: Sendable, Hashable {
    public var horizontal: Value
    public var vertical: Value
    public init(horizontal: Value, vertical: Value) { self.horizontal = horizontal; self.vertical = vertical }
}
