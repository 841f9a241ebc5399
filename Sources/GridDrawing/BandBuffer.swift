import Dispatch

/// The pixel memory of one PNG band and the Cairo contexts that paint into it: one per tile of
/// at most 32767 px, side by side in the same rows (the stride is the whole image width), so a
/// band of any width is painted without copying. `free` is signalled when the encoder is done
/// reading the band, so it can be painted again.
final class BandBuffer {
    let pixels: UnsafeMutablePointer<UInt8>
    let stride: Int
    let rows: Int
    private(set) var tiles: [(x: Int, cr: CairoContext)] = []
    let free = DispatchSemaphore(value: 1)

    init(width: Int, rows: Int) throws {
        stride = width * 4
        self.rows = rows
        pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * rows)
        do {
            for x in Swift.stride(from: 0, to: width, by: CairoSurface.maxImageSide) {
                let surface = try CairoSurface.image(wrapping: pixels + x * 4, width: min(CairoSurface.maxImageSide, width - x),
                                                     height: rows, stride: stride)
                tiles.append((x, try CairoContext(surface)))
            }
        } catch {
            tiles = []
            pixels.deallocate()
            throw error
        }
    }

    deinit {
        tiles = []  // the surfaces go before the memory they point into
        pixels.deallocate()
    }
}
