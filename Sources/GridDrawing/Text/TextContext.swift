import CCairo
import CPangoCairo
import GridDocument

/// Owns the `PangoContext` of one render task, configured as DESIGN.md §4 pins it: grey
/// antialiasing, no hinting, no hinted metrics, unrounded glyph positions, a fixed language and
/// resolution. Measuring and drawing both go through this one context, so the sizes layout
/// computes are exactly the sizes painted. Not Sendable: one per task.
final class TextContext {
    /// Pango's default resolution: a 9 pt font is 12 canvas points tall, as in CSS (pt vs px).
    static let resolution = 96.0

    let fontMap: FontMap
    let pointer: OpaquePointer
    private var fonts: [FontSpec: FontDescription] = [:]
    private var lastFont: (spec: FontSpec, font: FontDescription)?
    /// Messages about fonts that had to fall back, each reported once.
    private(set) var warnings: [String] = []
    private var warned = Set<String>()
    /// Characters no font had, in the text this context painted.
    var missing = MissingGlyphs()
    /// Which links are written; shared by every context of a render.
    let links: LinkGate
    /// What one text may cost; shared by every context of a render.
    let limits: TextLimits
    /// The colour bitmap fonts and glyph surfaces this context's thread paints with.
    let colorGlyphs = ColorGlyphSources()

    init(fontMap: FontMap, links: LinkGate = LinkGate(), limits: TextLimits = TextLimits()) throws {
        self.fontMap = fontMap
        self.links = links
        self.limits = limits
        guard let context = pango_font_map_create_context(fontMap.pointer) else {
            throw RenderError("cannot create a Pango context")
        }
        pointer = context
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, TextContext.resolution)
        pango_context_set_round_glyph_positions(context, 0)
        // The default language comes from the locale and changes font choice and line breaking.
        pango_context_set_language(context, pango_language_from_string("en"))
        pango_context_set_base_dir(context, PANGO_DIRECTION_WEAK_LTR)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    convenience init(mode: PreparedGrid.FontMode, fontDirectories: [String] = [], links: LinkGate = LinkGate(),
                     limits: TextLimits = TextLimits()) throws {
        try self.init(fontMap: FontMap(mode: mode, fontDirectories: fontDirectories), links: links, limits: limits)
    }

    /// The description for `spec`, created once per task. Pinned fonts have no fontconfig alias
    /// rules, so generic names are mapped here; an unknown family falls back to DejaVu Sans
    /// (pinned) or fontconfig's choice (system) with a warning.
    func font(_ spec: FontSpec) -> FontDescription {
        // Most cells repeat the previous cell's font: compare before hashing the family string.
        if let last = lastFont, last.spec == spec { return last.font }
        if let font = fonts[spec] { lastFont = (spec, font); return font }
        let requested = spec.family ?? "DejaVu Sans"
        var resolved: [String] = []
        var unknown: [String] = []
        for part in requested.split(separator: ",") {
            let name = part.trimmingCharacters(in: " \t")
            guard !name.isEmpty else { continue }
            if let generic = TextContext.genericFamilies[name.lowercased()] {
                resolved.append(fontMap.mode == .pinned ? generic : name)
            } else if fontMap.families.contains(name.lowercased()) {
                resolved.append(name)
            } else {
                unknown.append(name)
            }
        }
        if resolved.isEmpty { resolved.append(fontMap.mode == .pinned ? "DejaVu Sans" : "sans-serif") }
        if !unknown.isEmpty {
            warn("unknown font family \"\(unknown.joined(separator: ", "))\"; using \(resolved.joined(separator: ", "))")
        }
        let font = FontDescription(family: resolved.joined(separator: ","), spec: spec)
        fonts[spec] = font
        lastFont = (spec, font)
        return font
    }

    /// Takes over a warning of another context of the same render (a PNG painting thread's).
    func adoptWarning(_ message: String) { warn(message) }

    private func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }

    static let genericFamilies: [String: String] = [
        "sans": "DejaVu Sans", "sans-serif": "DejaVu Sans", "system-ui": "DejaVu Sans",
        "serif": "DejaVu Serif", "monospace": "DejaVu Sans Mono", "mono": "DejaVu Sans Mono",
    ]
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
