internal import CFastFormat
internal import CGlyphCompositor
internal import CFreeTypeFaces
internal import GridDrawing

/// Faster rendering for an executable that opts in, by replacing three C functions in its
/// whole process (symbol interposition: the executable that links this product defines them,
/// and every library in the process calls its definitions):
/// - `__snprintf_chk`: exact fast "%f" and "%d" for Cairo's SVG and PDF writers (everything else
///   goes on to glibc);
/// - `cairo_show_glyphs`: PNG text composited by each painting thread, without cairo 1.16's
///   process-wide glyph lock (enabled by `install()`);
/// - `cairo_ft_font_face_create_for_pattern`: one FreeType face per font file, so cairo never
///   reopens faces across threads.
///
/// Link this product only into an executable whose process may be changed so (the `gridrender`
/// CLI does); a program that links only `GridRender` keeps its libc and Cairo as they are and
/// renders the same pixels (docs/API.md, "Accelerators").
public enum GridRenderAccelerators {
    /// Turns on the per-thread glyph compositor. Call once, early (before rendering); linking
    /// this product is what puts the other two in force.
    public static func install() {
        GlyphCompositor.install(.init(begin: grgc_begin, end: grgc_end, active: grgc_active,
                                      interposed: grgc_interposed, compositedCalls: grgc_composited_calls))
    }

    /// Whether all three are in force in this process (installed, and the executable exports them).
    public static var isActive: Bool {
        GlyphCompositor.isInterposed && SharedFreeTypeFaces.isActive && fastFormatIsActive
    }

    /// Whether Cairo's `__snprintf_chk` calls come to the fast formatter: a "%f" of a value the
    /// fast path writes goes through the symbol the process resolves.
    static var fastFormatIsActive: Bool { grfmt_interposed() }
}
