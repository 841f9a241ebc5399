import GridDocument
import GridLayout

// Small geometry and colour helpers the painting rules share.

extension Rect {
    func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
    func union(_ other: Rect) -> Rect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
    func inset(by p: Insets<Double>) -> Rect {
        Rect(x: x + p.left, y: y + p.top, width: max(0, width - p.left - p.right), height: max(0, height - p.top - p.bottom))
    }
}

extension DeviceTransform {
    /// `rect` with its edges moved to whole points and then whole device pixels (`edgeX`), so
    /// neighbouring cells meet without seams and scale exactly.
    func snap(_ rect: Rect) -> Rect {
        let x0 = snapX(rect.x), x1 = snapX(rect.maxX)
        let y0 = snapY(rect.y), y1 = snapY(rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Color {
    /// The colour with its alpha multiplied by a style's opacity.
    func faded(_ opacity: Double) -> Color {
        opacity >= 1 ? self : Color(red: red, green: green, blue: blue, alpha: alpha * max(0, opacity))
    }
}

extension LineStyle {
    func faded(_ opacity: Double) -> LineStyle {
        opacity >= 1 ? self : LineStyle(width: width, color: color.faded(opacity), dash: dash)
    }
}
