import Dispatch

/// The pixel memory of one PNG band and the Cairo contexts that paint into it: one per tile of
/// at most `tileWidth` px, side by side in the same rows (the stride is the whole image width),
/// so a band of any width is painted without copying. `free` is signalled when the encoder is
/// done reading the band, so it can be painted again.
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
            let tileWidth = BandBuffer.tileWidth
            for x in Swift.stride(from: 0, to: width, by: tileWidth) {
                let surface = try CairoSurface.image(wrapping: pixels + x * 4, width: min(tileWidth, width - x),
                                                     height: rows, stride: stride)
                tiles.append((x, try CairoContext(surface)))
            }
        } catch {
            tiles = []
            pixels.deallocate()
            throw error
        }
    }

    /// Cairo's widest surface (32,767 px) with the glyph compositor; half of it without: cairo
    /// 1.16 draws nothing of a glyph run that reaches past 32,767 px from its surface's origin,
    /// so a run that starts in a full-width tile and crosses its right edge was lost (the
    /// compositor draws glyph by glyph). In a tile half as wide, a run crossing the edge stays
    /// within Cairo's range unless it is itself over 16,383 px long (text is cut into items of
    /// about 256 bytes, `StyledText.addItemBreaks`).
    static var tileWidth: Int { GlyphCompositor.isInstalled ? CairoSurface.maxImageSide : CairoSurface.maxImageSide / 2 }

    deinit {
        tiles = []  // the surfaces go before the memory they point into
        pixels.deallocate()
    }
}
