#if canImport(Glibc)
import Glibc
#endif
import CPangoCairo
import GridDocument

/// Owns a fresh `PangoCairoFontMap`. In `.pinned` mode it sees only the fonts of the pinned stack
/// (`FontStack`) through a private fontconfig configuration (FcConfigCreate + FcConfigAppFontAddDir), so the
/// machine's installed fonts, locale and HOME cannot change the output (DESIGN.md §4 Contract).
/// `.system` uses fontconfig's default configuration. One per render task: Pango font maps are
/// not thread-safe, so this type is deliberately not Sendable.
///
/// It never changes fontconfig's current configuration (`FcConfigSetCurrent`): that one is the host
/// process's, used by every Pango font map without a configuration of its own (a GTK program's,
/// `pango_cairo_font_map_get_default()`'s). An empty one installed here once, to spare the few
/// milliseconds Pango's `FcInit()` thread spends loading the system's, left the host's font maps
/// without a single font after the first render: their runs came without a Cairo scaled font
/// (HostPangoAlongsideRendersTests).
final class FontMap {
    let pointer: UnsafeMutablePointer<PangoFontMap>
    let mode: PreparedGrid.FontMode
    /// Lower-cased family names the font map can serve, for the unknown-family warning.
    let families: Set<String>

    /// The system's fontconfig configuration and fonts, loaded on first use and shared by every
    /// `.system` font map (what `FcInit()` would have made the default).
    nonisolated(unsafe) private static let systemConfig: OpaquePointer? = FcInitLoadConfigAndFonts()

    /// `fontDirectories`: the pinned stack's directories; empty = the default stack (`FontStack`).
    init(mode: PreparedGrid.FontMode, fontDirectories: [String] = []) throws {
        self.mode = mode
        if mode == .pinned {
            for directory in fontDirectories {
                // A directory holding fonts (not a named pipe, not empty): bad input, exit 2.
                if let error = FontDirectoryCheck.error(directory) { throw error }
            }
        }
        guard let map = pango_cairo_font_map_new() else { throw RenderError("cannot create a Pango font map") }
        pointer = map
        if mode == .system {
            guard let config = FontMap.systemConfig else {
                g_object_unref(map)
                throw RenderError("cannot load the system's fontconfig configuration")
            }
            pango_fc_font_map_set_config(OpaquePointer(map), config)
        }
        if mode == .pinned {
            let config: OpaquePointer
            do { config = try PinnedFontConfigs.shared.config(for: fontDirectories) } catch {
                g_object_unref(map)
                throw error
            }
            // The font map takes its own reference to the shared configuration.
            pango_fc_font_map_set_config(OpaquePointer(map), config)
        }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &list, &count)
        var names = Set<String>()
        for index in 0..<Int(count) {
            if let family = list?[index], let name = pango_font_family_get_name(family) {
                names.insert(String(cString: name).lowercased())
            }
        }
        g_free(list)
        families = names
        if mode == .pinned && names.subtracting(FontMap.pangoAliases).isEmpty {
            // Every stored property is set, so `deinit` runs and releases the map (releasing it
            // here too was a double unref: GLib's "G_IS_OBJECT (object)" critical).
            throw RenderError("font directories \((fontDirectories.isEmpty ? FontStack.defaultDirectories : fontDirectories).joined(separator: ", ")): no fonts found", badInput: true)
        }
    }

    deinit { g_object_unref(pointer) }

    /// One pinned directory (`--font-dir` given once), or the default stack for nil.
    convenience init(mode: PreparedGrid.FontMode, fontDirectory: String?) throws {
        try self.init(mode: mode, fontDirectories: fontDirectory.map { [$0] } ?? [])
    }

    /// Generic names Pango lists as families of every font map, whatever fonts it has.
    static let pangoAliases: Set<String> = ["sans", "serif", "monospace", "system-ui"]
}
