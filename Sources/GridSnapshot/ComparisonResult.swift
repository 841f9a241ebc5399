import Foundation

/// The statistics and verdict of one image comparison, written as JSON by `gridrender compare
/// --json` and summarised in snapshot failure messages.
///
/// The JSON has a fixed shape (every key present, `null` when not applicable) and sorted keys, so
/// scripts and golden files that read it stay stable.
package struct ComparisonResult: Sendable, Hashable, Encodable {
    public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) { self.width = width; self.height = height }
        public var description: String { "\(width)x\(height)" }
    }

    /// A pixel rectangle; `x`, `y` are the top-left pixel.
    public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
        public var description: String { "\(width)x\(height) at (\(x), \(y))" }
    }

    /// The window with the most differing pixels (the first such one in reading order).
    public struct Window: Sendable, Hashable, Encodable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var count: Int
    }

    /// One reason a comparison failed; `kind` is a stable identifier for scripts
    /// (`sizeMismatch`, `antialiasedCap`, `maxPixels`, `maxFraction`, `window`).
    public struct Failure: Sendable, Hashable, Encodable, CustomStringConvertible {
        public var kind: String
        public var message: String
        public var description: String { message }
    }

    public var expectedSize: Size
    public var actualSize: Size
    /// Pixels compared: the area common to both images, less masked pixels.
    public var comparedPixels: Int
    public var identicalPixels: Int
    public var withinTolerancePixels: Int
    public var antialiasedPixels: Int
    public var differingPixels: Int
    /// Pixels inside mask rectangles, left out of the comparison (not part of `comparedPixels`).
    public var maskedPixels: Int
    /// Largest difference in any channel (R, G, B or A) over the compared pixels, 0…255.
    public var maxChannelDifference: Int
    /// Largest YIQ delta among pixels beyond the channel tolerance (0…35215).
    public var maxColorDelta: Double
    /// Bounding box of the differing pixels; nil when none differ.
    public var differingBounds: Rect?
    /// Bounding box of every pixel that is not identical (noise and anti-aliasing included).
    public var changedBounds: Rect?
    /// The densest window of differing pixels; nil when none differ.
    public var densestWindow: Window?
    public var failures: [Failure]
    public var options: ComparisonOptions
    /// With `--align rows`: the runs of rows only one image has (`RowAlignedComparison`); nil otherwise.
    package var bands: [RowAlignedComparison.Band]? = nil

    public var passed: Bool { failures.isEmpty }
    /// Why the comparison failed, as one line; nil when it passed.
    public var reason: String? { failures.isEmpty ? nil : failures.map(\.message).joined(separator: "; ") }
    /// `differingPixels / comparedPixels` (0 when nothing was compared).
    public var differingFraction: Double {
        comparedPixels == 0 ? 0 : Double(differingPixels) / Double(comparedPixels)
    }
    public var sizesMatch: Bool { expectedSize == actualSize }

    /// A one-line human summary, used by the CLI and in snapshot failure messages.
    public var summary: String {
        var text = passed ? "images match" : "images differ"
        text += " (\(options.name)): \(differingPixels) of \(comparedPixels) pixels differ"
        if comparedPixels > 0 { text += " (\(Self.percent(differingFraction)))" }
        if antialiasedPixels > 0 { text += ", \(antialiasedPixels) anti-aliased ignored" }
        if withinTolerancePixels > 0 { text += ", \(withinTolerancePixels) within tolerance" }
        if maskedPixels > 0 { text += ", \(maskedPixels) masked" }
        text += ", max channel difference \(maxChannelDifference)"
        if let differingBounds { text += ", changes in \(differingBounds)" }
        if let densestWindow, densestWindow.count > 0 {
            text += ", densest \(densestWindow.width)x\(densestWindow.height) window \(densestWindow.count) at (\(densestWindow.x), \(densestWindow.y))"
        }
        if let reason { text += "; \(reason)" }
        return text
    }

    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        if value == 0 { return "0%" }
        if value < 0.01 { return "<0.01%" }
        return String(format: "%.2f%%", value)
    }

    enum CodingKeys: String, CodingKey {
        case passed, reason, failures, expectedSize, actualSize, comparedPixels, identicalPixels,
             withinTolerancePixels, antialiasedPixels, differingPixels, maskedPixels, differingFraction,
             maxChannelDifference, maxColorDelta, differingBounds, changedBounds, densestWindow, options, bands
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(passed, forKey: .passed)
        try c.encode(reason, forKey: .reason)
        try c.encode(failures, forKey: .failures)
        try c.encode(expectedSize, forKey: .expectedSize)
        try c.encode(actualSize, forKey: .actualSize)
        try c.encode(comparedPixels, forKey: .comparedPixels)
        try c.encode(identicalPixels, forKey: .identicalPixels)
        try c.encode(withinTolerancePixels, forKey: .withinTolerancePixels)
        try c.encode(antialiasedPixels, forKey: .antialiasedPixels)
        try c.encode(differingPixels, forKey: .differingPixels)
        try c.encode(maskedPixels, forKey: .maskedPixels)
        try c.encode(differingFraction, forKey: .differingFraction)
        try c.encode(maxChannelDifference, forKey: .maxChannelDifference)
        try c.encode(maxColorDelta, forKey: .maxColorDelta)
        try c.encode(differingBounds, forKey: .differingBounds)
        try c.encode(changedBounds, forKey: .changedBounds)
        try c.encode(densestWindow, forKey: .densestWindow)
        try c.encode(options, forKey: .options)
        try c.encodeIfPresent(bands, forKey: .bands)
    }

    /// Pretty-printed JSON with sorted keys.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain numbers, strings and optionals cannot fail.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    public var jsonString: String { String(decoding: jsonData(), as: UTF8.self) }
}
