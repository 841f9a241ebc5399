/// Read access to an image's pixel rows, so two images of different widths can be walked over
/// their common area, and so a streamed image can be read through a ring of its last few rows
/// (`ringRows` > 0: row y lives in slot y mod ringRows) without holding the whole picture.
struct PixelView {
    let base: UnsafePointer<UInt8>
    /// Bytes from one stored row to the next (4 × the image's width).
    let rowBytes: Int
    /// 0 when every row is stored; otherwise the number of slots of the ring.
    let ringRows: Int

    init(base: UnsafePointer<UInt8>, width: Int, ringRows: Int = 0) {
        self.base = base
        self.rowBytes = width * 4
        self.ringRows = ringRows
    }

    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<UInt8> {
        base + (ringRows > 0 ? y % ringRows : y) * rowBytes
    }

    @inline(__always)
    subscript(x: Int, y: Int) -> RGBA {
        let p = row(y) + x * 4
        return RGBA(p[0], p[1], p[2], p[3])
    }

    /// The pixel's four bytes as one word, for equality tests.
    @inline(__always)
    func word(_ x: Int, _ y: Int) -> UInt32 {
        UnsafeRawPointer(row(y)).loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
    }
}
