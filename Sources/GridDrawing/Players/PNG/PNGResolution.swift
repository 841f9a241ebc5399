/// The physical size a PNG records (`pHYs`): a render at scale `s` has `s` pixels per point, a
/// point being 1/72 inch, so a viewer that honours `pHYs` (Preview, Word, LibreOffice, print
/// dialogs) shows a 2x PNG at its 1x size instead of twice as large.
enum PNGResolution {
    /// Pixels per metre for `pixelsPerPoint` (72 points an inch, 0.0254 m an inch), rounded; 0
    /// (no `pHYs`) for a scale outside what the chunk's 32 bits hold.
    static func pixelsPerMetre(_ pixelsPerPoint: Double) -> UInt32 {
        let ppm = (pixelsPerPoint * 72 / 0.0254).rounded()
        return ppm.isFinite && ppm >= 1 && ppm <= Double(Int32.max) ? UInt32(ppm) : 0
    }
}
