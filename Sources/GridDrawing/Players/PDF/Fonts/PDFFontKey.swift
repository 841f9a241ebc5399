import CFontSubset

/// Which PDF font a scaled font is shown with: Cairo keeps one FreeType face per font file and
/// index, and a PDF font is size-free, so scaled fonts of one face at any size share one PDF
/// font (its glyphs are the union of theirs).
struct PDFFontKey: Hashable, Sendable {
    /// The face's identity while the fonts that share it live (its FreeType face).
    let face: UInt

    init(_ font: ScaledFont) {
        face = UInt(grfs_face_identity(font.pointer))
    }
}
