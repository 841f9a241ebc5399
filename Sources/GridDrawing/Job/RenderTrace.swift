/// Superseded by `Timings` (GridDocument/Timings): `GRIDRENDER_TRACE=1` now prints each phase
/// span as it ends, and `render --timings FILE` writes them all. Kept only so that code not yet
/// moved to spans compiles; a mark records nothing.
package enum RenderTrace {
    @inline(__always)
    package static func mark(_ phase: @autoclosure () -> String) {}
}
