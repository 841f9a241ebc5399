import CPangoCairo
import GridDocument

/// Owns a `PangoFontDescription` built from a resolved `FontSpec`.
final class FontDescription {
    let pointer: OpaquePointer

    /// `family` is the family list Pango should ask for (already mapped for pinned fonts).
    init(family: String, spec: FontSpec) {
        pointer = pango_font_description_new()
        pango_font_description_set_family(pointer, family)
        pango_font_description_set_size(pointer, Int32(((spec.size ?? 9) * Double(PANGO_SCALE)).rounded()))
        pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(max(100, min(1000, spec.weight ?? 400)))))
        pango_font_description_set_style(pointer, spec.italic == true ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    }

    deinit { pango_font_description_free(pointer) }
}
