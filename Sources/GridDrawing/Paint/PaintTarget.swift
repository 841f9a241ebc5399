import GridLayout

/// What the content rules need to know of the Cairo context a region is painted into, read once
/// per region (after its clip and translation are set): where user points land on the device
/// (image sizes, link areas), and the clip, in user space (links are cut to it) and in device
/// space (text whose ink reaches it is left to Pango: `GlyphBatch`). Nothing in a region's
/// content changes them, so recording without a context (tests) gives them as values.
struct PaintTarget: Sendable, Equatable {
    var transform: DeviceTransform
    var clip: Rect
    var deviceClip: Rect
    /// An SVG or PDF surface (colour glyphs are drawn as images there: `colorGlyphImages`).
    var isVector: Bool

    init(transform: DeviceTransform, clip: Rect, deviceClip: Rect, isVector: Bool = false) {
        self.transform = transform
        self.clip = clip
        self.deviceClip = deviceClip
        self.isVector = isVector
    }

    init(_ cr: CairoContext) {
        self.init(transform: cr.deviceTransform, clip: cr.clipExtents(), deviceClip: cr.deviceClipExtents(),
                  isVector: cr.surface.isVector)
    }
}
