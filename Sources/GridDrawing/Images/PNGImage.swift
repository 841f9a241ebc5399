import CPNGCodec

/// A decoded PNG as straight RGBA8, for tests and the snapshot module's probes
/// (`grpng_decode` over libpng).
package struct PNGImage: Sendable {
    package var width: Int
    package var height: Int
    /// Row-major R, G, B, A bytes.
    package var rgba: [UInt8]

    package init(decoding bytes: [UInt8], maxPixels: UInt64 = 400_000_000) throws {
        var err = [CChar](repeating: 0, count: 256)
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0, h: UInt32 = 0
        let status = bytes.withUnsafeBufferPointer {
            grpng_decode($0.baseAddress, $0.count, maxPixels, &pixels, &w, &h, &err, err.count)
        }
        guard status == 0, let pixels else { throw RenderError("PNG decode: \(err.nulTerminatedString)") }
        defer { grpng_free(pixels) }
        width = Int(w); height = Int(h)
        rgba = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
    }

    package struct Pixel: Hashable, CustomStringConvertible {
        package var r, g, b, a: UInt8
        package init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
        package var description: String { "rgba(\(r),\(g),\(b),\(a))" }
    }

    package subscript(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}

/// The PNG colour type byte of an encoded image (2 = RGB, 6 = RGBA).
package func pngColorType(_ bytes: [UInt8]) -> UInt8? { bytes.count > 25 ? bytes[25] : nil }
