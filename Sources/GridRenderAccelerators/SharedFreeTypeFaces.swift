internal import CFreeTypeFaces

/// FreeType faces opened once per font file and handed to cairo, which then never closes and
/// reopens them across threads (cairo 1.16 does that unsafely once more than ten font files are in
/// use; Sources/CFreeTypeFaces/SharedFaces.c says why and how).
///
/// The faces are supplied by symbol interposition (`cairo_ft_font_face_create_for_pattern` is
/// defined in the executable that links this product), so there is nothing to call; this type
/// reports whether it is in force.
package enum SharedFreeTypeFaces {
    /// Whether pango's cairo font faces get their FreeType face from the shared table in this
    /// process. False when the function is not the one the libraries call (not exported).
    package static var isActive: Bool { grft_shared_faces_active() }

    /// How many font files (with face index) have a shared face so far.
    package static var count: UInt64 { grft_shared_faces_count() }
}
