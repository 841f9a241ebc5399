/// How one pixel of the compared area was classified, in the order the tests are applied.
package enum PixelClass: UInt8, Sendable, CaseIterable {
    /// Equal bytes, or both fully transparent (whatever RGB a transparent pixel carries is invisible).
    case identical
    /// Different, but within the channel tolerance or below the YIQ threshold: rendering noise.
    case withinTolerance
    /// Different, but recognised as anti-aliasing and ignored (up to the cap).
    case antialiased
    /// A real difference.
    case differing
    /// Inside a mask rectangle: not compared (drawn hatched in the diff image).
    case masked
}
