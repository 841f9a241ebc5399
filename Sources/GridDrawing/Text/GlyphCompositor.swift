import Foundation

/// PNG text composited by the painting thread itself, pixel for pixel as Cairo composites it,
/// instead of under cairo 1.16's process-wide glyph lock, which made two threads painting PNG
/// bands take turns for all their text (Sources/CGlyphCompositor/GlyphCompositor.c says why and
/// how, and what it leaves to Cairo).
///
/// The compositor lives in the opt-in `GridRenderAccelerators` product, because it works by
/// defining `cairo_show_glyphs` in the executable (symbol interposition, process-wide). This
/// type holds only its switches, installed by `GridRenderAccelerators.install()`; without them
/// painting calls Cairo as usual, with the same pixels. Painting code does not change: a thread
/// turns it on around the bands it paints.
package enum GlyphCompositor {
    /// The compositor's C entry points (`grgc_*`).
    package struct Hooks: Sendable {
        package var begin: @convention(c) () -> Void
        package var end: @convention(c) () -> Void
        package var active: @convention(c) () -> Bool
        package var interposed: @convention(c) () -> Bool
        package var compositedCalls: @convention(c) () -> UInt64

        package init(begin: @convention(c) () -> Void, end: @convention(c) () -> Void, active: @convention(c) () -> Bool,
                     interposed: @convention(c) () -> Bool, compositedCalls: @convention(c) () -> UInt64) {
            self.begin = begin; self.end = end; self.active = active
            self.interposed = interposed; self.compositedCalls = compositedCalls
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: Hooks?

    /// The installed compositor, if any.
    private static var hooks: Hooks? { lock.lock(); defer { lock.unlock() }; return installed }

    /// Installs the compositor (`GridRenderAccelerators.install()`); later calls replace it.
    package static func install(_ hooks: Hooks) { lock.lock(); installed = hooks; lock.unlock() }

    /// Runs `body` with this thread's glyphs composited here when the compositor is installed
    /// (its glyph copies are dropped after, unless the thread already had them on).
    package static func onThisThread<T>(_ enabled: Bool = true, _ body: () throws -> T) rethrows -> T {
        guard enabled, let hooks, !hooks.active() else { return try body() }
        hooks.begin()
        defer { hooks.end() }
        return try body()
    }

    /// Whether the compositor is installed in this process.
    package static var isInstalled: Bool { hooks != nil }

    /// Whether Pango's glyph calls reach the compositor in this process: installed, and its
    /// `cairo_show_glyphs` is the one the libraries call (the executable exports it).
    package static var isInterposed: Bool { hooks?.interposed() ?? false }

    /// Glyph calls this thread composited itself since it turned this on.
    package static var compositedCalls: UInt64 { hooks?.compositedCalls() ?? 0 }
}
