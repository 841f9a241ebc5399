/// A decoded image: `width × height` pixels of straight (un-premultiplied) RGBA, 8 bits per
/// channel, rows top to bottom with no padding.
///
/// Comparison works on decoded pixels rather than PNG bytes because zlib and libpng versions
/// change the bytes of an identical picture. Straight alpha is what PNG stores, so a decoded file
/// and an image built in code have the same representation.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public private(set) var pixels: [UInt8]

    /// Wraps existing pixel bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative image size")
        precondition(pixels.count == width * height * 4,
                     "expected \(width * height * 4) bytes for \(width)x\(height), got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: RGBA = RGBA(0, 0, 0, 0)) {
        precondition(width >= 0 && height >= 0, "negative image size")
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if fill != RGBA(0, 0, 0, 0) {
            for i in stride(from: 0, to: bytes.count, by: 4) {
                bytes[i] = fill.r; bytes[i + 1] = fill.g; bytes[i + 2] = fill.b; bytes[i + 3] = fill.a
            }
        }
        self.init(width: width, height: height, pixels: bytes)
    }

    public var pixelCount: Int { width * height }

    /// The pixel at column `x`, row `y` (both 0-based, from the top left).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y * width + x) * 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// True when every alpha byte is 255, so the image can be stored as RGB without loss.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }
}
