/// How two images are compared: which pixel differences are noise, and how many real differences
/// a comparison tolerates before it fails.
///
/// The two presets follow DESIGN §7: `strict` for this project's own CI, where the renderer, fonts
/// and libraries are pinned and any visible change is a regression; `perceptual` for users who
/// compare across machines, where anti-aliasing and rounding differ slightly between library
/// versions. The individual knobs are public so a caller can start from a preset and adjust it.
public struct ComparisonOptions: Sendable, Hashable, Encodable {
    /// A label for reports ("strict", "perceptual", or "custom" once modified by a caller).
    public var name: String
    /// A pixel whose largest channel difference is at most this is noise (rounding in blending).
    public var channelTolerance: Int
    /// pixelmatch's `threshold` t in 0…1; a pixel beyond the channel tolerance still counts as
    /// unchanged when its YIQ delta is at most 35215·t². nil skips the YIQ step entirely.
    public var yiqThreshold: Double?
    /// Ignore pixels that look like anti-aliasing in either image (pixelmatch's neighbourhood test).
    public var ignoreAntialiasing: Bool
    /// Cap on ignored anti-aliased pixels, as a fraction of the compared pixels. Above it the
    /// comparison fails: a broken environment (missing fonts, a different rasterizer) changes many
    /// edge pixels and must not pass as "just anti-aliasing". nil means no cap.
    public var maxAntialiasedFraction: Double?
    /// Fail when more than this many pixels differ. nil means no limit.
    public var maxDifferingPixels: Int?
    /// Fail when more than this fraction (0…1) of the compared pixels differ. nil means no limit.
    public var maxDifferingFraction: Double?
    /// Fail when more than this many differing pixels fall in any `windowSize`×`windowSize` window:
    /// a small but concentrated change (a wrong glyph, a missing border) is a real regression even
    /// when the overall fraction is tiny. nil means no limit.
    public var maxDifferingInWindow: Int?
    /// Side of the sliding window used for `maxDifferingInWindow` and the densest-window statistic.
    public var windowSize: Int
    /// Compare images of different sizes over their common top-left area instead of failing.
    public var allowSizeMismatch: Bool
    /// Match the images' pixel rows before comparing (`compare --align rows`,
    /// `RowAlignedComparison`): inserted and removed rows are reported as bands.
    package var alignRows = false

    public init(name: String = "custom", channelTolerance: Int = 0, yiqThreshold: Double? = nil,
                ignoreAntialiasing: Bool = false, maxAntialiasedFraction: Double? = nil,
                maxDifferingPixels: Int? = 0, maxDifferingFraction: Double? = nil,
                maxDifferingInWindow: Int? = nil, windowSize: Int = 8, allowSizeMismatch: Bool = false) {
        self.name = name
        self.channelTolerance = channelTolerance
        self.yiqThreshold = yiqThreshold
        self.ignoreAntialiasing = ignoreAntialiasing
        self.maxAntialiasedFraction = maxAntialiasedFraction
        self.maxDifferingPixels = maxDifferingPixels
        self.maxDifferingFraction = maxDifferingFraction
        self.maxDifferingInWindow = maxDifferingInWindow
        self.windowSize = max(1, windowSize)
        self.allowSizeMismatch = allowSizeMismatch
    }

    /// Channel tolerance 2, no YIQ step, no anti-aliasing allowance, zero differing pixels.
    public static let strict = ComparisonOptions(name: "strict", channelTolerance: 2, maxDifferingPixels: 0)

    /// Channel tolerance 2, YIQ threshold 0.1, anti-aliasing ignored up to 1% of the pixels, at
    /// most 0.1% of the pixels differing and at most 8 differing in any 8×8 window.
    public static let perceptual = ComparisonOptions(
        name: "perceptual", channelTolerance: 2, yiqThreshold: 0.1, ignoreAntialiasing: true,
        maxAntialiasedFraction: 0.01, maxDifferingPixels: nil, maxDifferingFraction: 0.001,
        maxDifferingInWindow: 8)

    /// A preset by name (`strict` or `perceptual`), as the CLI's `--preset` takes it.
    public static func preset(named name: String) -> ComparisonOptions? {
        switch name.lowercased() {
        case "strict": return .strict
        case "perceptual": return .perceptual
        default: return nil
        }
    }

    public static let presetNames = ["strict", "perceptual"]

    /// A copy with some settings replaced, for `.png(.perceptual.with(maxDifferingPixels: 20))`.
    /// `channelTolerance: 0` with a `threshold` leaves the YIQ threshold alone to decide, as
    /// pixelmatch does; `ignoreAntialiasing` is pixelmatch's `includeAA` inverted.
    /// Arguments left nil keep the preset's value. Giving `maxDifferingPixels` or
    /// `maxDifferingFraction` replaces both (the other becomes unlimited), since a caller who names
    /// one means it to be the rule; the CLI's `--max-pixels` and `--max-fraction` work the same way.
    public func with(threshold: Double? = nil, maxDifferingPixels: Int? = nil,
                     maxDifferingFraction: Double? = nil, maxDifferingInWindow: Int? = nil,
                     allowSizeMismatch: Bool? = nil, channelTolerance: Int? = nil,
                     ignoreAntialiasing: Bool? = nil) -> ComparisonOptions {
        var copy = self
        if let threshold { copy.yiqThreshold = threshold }
        if let channelTolerance { copy.channelTolerance = channelTolerance }
        if let ignoreAntialiasing { copy.ignoreAntialiasing = ignoreAntialiasing }
        if maxDifferingPixels != nil || maxDifferingFraction != nil {
            copy.maxDifferingPixels = maxDifferingPixels
            copy.maxDifferingFraction = maxDifferingFraction
        }
        if let maxDifferingInWindow { copy.maxDifferingInWindow = maxDifferingInWindow }
        if let allowSizeMismatch { copy.allowSizeMismatch = allowSizeMismatch }
        if copy != self { copy.name = name.hasSuffix("*") ? name : name + "*" }
        return copy
    }

    enum CodingKeys: String, CodingKey {
        case name, channelTolerance, yiqThreshold, ignoreAntialiasing, maxAntialiasedFraction,
             maxDifferingPixels, maxDifferingFraction, maxDifferingInWindow, windowSize, allowSizeMismatch, align
    }

    /// Every key is always written (null when unset) so JSON consumers see a fixed shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(channelTolerance, forKey: .channelTolerance)
        try c.encode(yiqThreshold, forKey: .yiqThreshold)
        try c.encode(ignoreAntialiasing, forKey: .ignoreAntialiasing)
        try c.encode(maxAntialiasedFraction, forKey: .maxAntialiasedFraction)
        try c.encode(maxDifferingPixels, forKey: .maxDifferingPixels)
        try c.encode(maxDifferingFraction, forKey: .maxDifferingFraction)
        try c.encode(maxDifferingInWindow, forKey: .maxDifferingInWindow)
        try c.encode(windowSize, forKey: .windowSize)
        try c.encode(allowSizeMismatch, forKey: .allowSizeMismatch)
        if alignRows { try c.encode("rows", forKey: .align) }
    }
}
