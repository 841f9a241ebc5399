/// Read access to an image's pixel bytes with its own row stride, so two images of different
/// widths can be walked over their common area.
struct PixelView {
    let bytes: UnsafeBufferPointer<UInt8>
    let stride: Int

    @inline(__always)
    subscript(x: Int, y: Int) -> RGBA {
        let i = (y * stride + x) * 4
        return RGBA(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }
}
