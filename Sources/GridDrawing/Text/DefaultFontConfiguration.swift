import CPangoCairo

/// fontconfig's current configuration belongs to the process, not to the library: every Pango
/// font map without a configuration of its own uses it (a host's `pango_cairo_font_map_get_default()`),
/// so the library never changes it (`FontMap`).
///
/// An executable that owns its whole process and makes no such font map (the `gridrender` CLI)
/// may leave it empty, for start-up: Pango's first font map starts a thread that calls `FcInit()`,
/// which loads the system's configuration and font caches, and every font map waits for it before
/// its first lookup, even one with a configuration of its own. With an empty current
/// configuration `FcInit()` returns at once (the "[pango] FcInit" thread was 3% of the CPU of 20
/// debug renders of Fixtures/demo/table.json, about 4 ms a process). `.system` font maps load the
/// system's configuration themselves.
package enum DefaultFontConfiguration {
    /// Installs an empty current configuration; false when fontconfig refuses. Call first thing,
    /// before any font map and any other thread, and only from an executable's `main`.
    @discardableResult
    package static func leaveEmpty() -> Bool {
        guard let config = FcConfigCreate() else { return false }
        defer { FcConfigDestroy(config) }  // FcConfigSetCurrent takes its own reference
        return FcConfigSetCurrent(config) != 0
    }
}
