import CCairo

/// A Cairo scaled font held by a display list's glyphs: retained while any node refers to it.
/// Made once per font by the recorder (`GlyphBatch`), so nodes of one font share one object and
/// compare by identity. Cairo's scaled fonts are immutable and reference-counted atomically,
/// hence sendable.
final class ScaledFont: @unchecked Sendable, Equatable {
    let pointer: OpaquePointer

    init(retaining pointer: OpaquePointer) {
        self.pointer = cairo_scaled_font_reference(pointer)
    }

    deinit { cairo_scaled_font_destroy(pointer) }

    static func == (a: ScaledFont, b: ScaledFont) -> Bool { a.pointer == b.pointer }
}
