import Foundation
import Testing
@testable import GridSnapshot

@Suite struct ComparisonTests {
    @Test(arguments: [ComparisonOptions.strict, .perceptual])
    func identicalImagesPass(options: ComparisonOptions) {
        let image = TestImages.gradient(32, 24)
        let result = ImageComparison(expected: image, actual: image, options: options).result
        #expect(result.passed)
        #expect(result.identicalPixels == 32 * 24)
        #expect(result.differingPixels == 0 && result.maxChannelDifference == 0)
        #expect(result.differingBounds == nil && result.densestWindow == nil && result.reason == nil)
    }

    @Test func channelToleranceOfStrict() {
        let expected = TestImages.solid(10, 10, RGBA(100, 100, 100))
        var offByOne = expected
        offByOne[4, 4] = RGBA(101, 100, 100)
        let one = ImageComparison(expected: expected, actual: offByOne, options: .strict).result
        #expect(one.passed)
        #expect(one.withinTolerancePixels == 1 && one.differingPixels == 0 && one.maxChannelDifference == 1)

        var offByThree = expected
        offByThree[4, 4] = RGBA(100, 103, 100)
        let three = ImageComparison(expected: expected, actual: offByThree, options: .strict).result
        #expect(!three.passed)
        #expect(three.differingPixels == 1 && three.maxChannelDifference == 3)
        #expect(three.differingBounds == ComparisonResult.Rect(x: 4, y: 4, width: 1, height: 1))
        #expect(three.failures.map(\.kind) == ["maxPixels"])
    }

    /// Hand computation (coefficients from DESIGN §7):
    /// - black vs white: dr = dg = db = −255, so y = −255·(0.29889531 + 0.58662247 + 0.11448223)
    ///   = −255.00000255 while the i and q coefficients each sum to 0; delta = 0.5053·y²
    ///   = 0.5053·65025.0013 ≈ 32857.1332.
    /// - red vs black: dr = 255, dg = db = 0: y = 76.21830405, i = 151.97438745, q = 53.92489335;
    ///   delta = 0.5053·5809.23 + 0.299·23096.21 + 0.1957·2907.90 = 2935.404 + 6905.768 + 569.075
    ///   ≈ 10410.2469.
    /// - grey 100 vs 126 (y = −26): 0.5053·676 = 341.5828; vs 127 (y = −27): 0.5053·729 = 368.3637.
    ///   With t = 0.1 the limit is 35215·0.01 = 352.15, so 126 is within it and 127 is not.
    /// - translucent white (255,255,255,128) vs transparent, pixelmatch 7.2.0's blend at byte
    ///   offset 0 (background 48,48,48): each channel differs by (255·128 − 48·128)/255 ≈ 103.906,
    ///   so y ≈ 103.906, i ≈ q ≈ 0 and delta ≈ 0.5053·103.906² ≈ 5455.4374. On white (pixelmatch
    ///   6) the two would be equal; the grey background keeps the change visible.
    @Test func yiqDeltaValues() {
        #expect(abs(YIQ.delta(RGBA(0, 0, 0), RGBA(255, 255, 255)) - 32857.1332) < 0.001)
        #expect(abs(YIQ.delta(RGBA(255, 0, 0), RGBA(0, 0, 0)) - 10410.2469) < 0.001)
        #expect(abs(YIQ.delta(RGBA(100, 100, 100), RGBA(126, 126, 126)) - 341.5828) < 0.001)
        #expect(abs(YIQ.delta(RGBA(100, 100, 100), RGBA(127, 127, 127)) - 368.3637) < 0.001)
        #expect(abs(YIQ.delta(RGBA(255, 255, 255, 128), RGBA(0, 0, 0, 0)) - 5455.4374) < 0.001)
        #expect(abs(YIQ.threshold(0.1) - 352.15) < 1e-9)
    }

    /// pixelmatch 7.2.0's background for translucent pixels, by byte offset k: R is 48 (k is even),
    /// G and B 48 or 207 by the parity of ⌊k/φ⌋ and ⌊k/φ²⌋, wrapped to 32 bits as JavaScript's
    /// `| 0` does (values from pixelmatch's formula evaluated in Python with JS semantics).
    @Test func translucentBackgroundFollowsPixelmatch() {
        let cases: [(Int, Double, Double, Double)] = [
            (0, 48, 48, 48), (4, 48, 48, 207), (8, 48, 48, 207), (12, 48, 207, 48),
            (4_000_000_000, 48, 48, 207), (4_000_000_004, 48, -111, 48),
        ]
        for (k, r, g, b) in cases {
            let background = YIQ.background(offset: k)
            #expect(background.0 == r && background.1 == g && background.2 == b, "offset \(k)")
        }
        // The background changes the delta of the same translucent pair from pixel to pixel.
        let p = RGBA(255, 0, 0, 100), q = RGBA(0, 0, 255, 200)
        #expect(YIQ.delta(p, q, offset: 0) != YIQ.delta(p, q, offset: 12))
    }

    @Test func yiqThresholdDecidesBetween126And127() {
        let expected = TestImages.solid(40, 40, RGBA(100, 100, 100))
        var near = expected, far = expected
        near[1, 1] = RGBA(126, 126, 126)
        far[1, 1] = RGBA(127, 127, 127)
        let options = ComparisonOptions.perceptual.with(maxDifferingPixels: 0)
        let nearResult = ImageComparison(expected: expected, actual: near, options: options).result
        #expect(nearResult.passed && nearResult.withinTolerancePixels == 1)
        let farResult = ImageComparison(expected: expected, actual: far, options: options).result
        #expect(!farResult.passed && farResult.differingPixels == 1)
        #expect(abs(farResult.maxColorDelta - 368.3637) < 0.001)
        // Strict has no YIQ step: 26 levels is simply a difference.
        #expect(!ImageComparison(expected: expected, actual: near, options: .strict).result.passed)
    }

    @Test func transparentPixelsWithDifferentRGBAreIdentical() {
        let expected = TestImages.solid(4, 4, RGBA(10, 200, 30, 0))
        let actual = TestImages.solid(4, 4, RGBA(250, 0, 90, 0))
        let result = ImageComparison(expected: expected, actual: actual, options: .strict).result
        #expect(result.passed && result.identicalPixels == 16 && result.maxChannelDifference == 0)
    }

    /// A 3 px black line, anti-aliased, moved by half a pixel each way: only its edge blends change
    /// (by up to half the black–white range, far beyond the YIQ threshold), while its solid core
    /// and the white around it stay flat in both images.
    @Test func subPixelShiftOfAntialiasedLinePassesPerceptual() {
        let segment = [(30.0, 40.0, 140.0, 95.0)]
        let expected = TestImages.lines(200, 200, segments: segment, thickness: 3)
        let actual = TestImages.lines(200, 200, segments: segment, thickness: 3, offset: (0.5, 0.5))
        let perceptual = ImageComparison(expected: expected, actual: actual, options: .perceptual).result
        #expect(perceptual.passed, "\(perceptual.summary)")
        #expect(perceptual.antialiasedPixels > 150)
        #expect(perceptual.antialiasedPixels <= 400)  // the 1% cap of 40,000 pixels
        #expect(perceptual.differingPixels <= 2)
        // The same change without the anti-aliasing allowance fails.
        var noAA = ComparisonOptions.perceptual
        noAA.ignoreAntialiasing = false
        #expect(!ImageComparison(expected: expected, actual: actual, options: noAA).result.passed)
        #expect(!ImageComparison(expected: expected, actual: actual, options: .strict).result.passed)
    }

    /// Many shifted edges (a whole page of lines, as with a different rasterizer or font) exceed the
    /// 1% cap: the comparison fails instead of ignoring everything as anti-aliasing.
    @Test func antialiasingCapFailsHeavyChange() {
        let segments = stride(from: -60.0, to: 100, by: 9).map { ($0, 0.0, $0 + 60, 100.0) }
        let expected = TestImages.lines(100, 100, segments: segments, thickness: 3)
        let actual = TestImages.lines(100, 100, segments: segments, thickness: 3, offset: (0.5, 0))
        let result = ImageComparison(expected: expected, actual: actual, options: .perceptual).result
        #expect(!result.passed)
        #expect(result.antialiasedPixels > 100)
        #expect(result.failures.map(\.kind).contains("antialiasedCap"), "\(result.summary)")
        // Without a cap the same change is accepted as anti-aliasing.
        var uncapped = ComparisonOptions.perceptual
        uncapped.maxAntialiasedFraction = nil
        uncapped.maxDifferingFraction = nil
        uncapped.maxDifferingInWindow = nil
        #expect(ImageComparison(expected: expected, actual: actual, options: uncapped).result.failures.isEmpty)
    }

    @Test func flatChangeIsNotAntialiasing() {
        let expected = TestImages.solid(20, 20)
        var actual = expected
        for y in 5 ..< 9 { for x in 5 ..< 9 { actual[x, y] = RGBA(0, 0, 0) } }
        var options = ComparisonOptions.perceptual
        options.maxDifferingFraction = nil
        options.maxDifferingInWindow = nil
        let result = ImageComparison(expected: expected, actual: actual, options: options).result
        #expect(result.antialiasedPixels == 0 && result.differingPixels == 16)
    }

    @Test func maxPixelsLimit() {
        let expected = TestImages.solid(50, 50)
        var actual = expected
        for x in [3, 20, 40] { actual[x, 10] = RGBA(0, 0, 0) }
        let allowThree = ComparisonOptions.strict.with(maxDifferingPixels: 3)
        #expect(ImageComparison(expected: expected, actual: actual, options: allowThree).result.passed)
        let allowTwo = ComparisonOptions.strict.with(maxDifferingPixels: 2)
        let result = ImageComparison(expected: expected, actual: actual, options: allowTwo).result
        #expect(!result.passed && result.failures.map(\.kind) == ["maxPixels"])
        #expect(result.differingBounds == ComparisonResult.Rect(x: 3, y: 10, width: 38, height: 1))
    }

    @Test func maxFractionLimit() {
        // 100×100 = 10,000 pixels; perceptual allows 0.1% = 10 scattered differing pixels.
        let expected = TestImages.solid(100, 100)
        var ten = expected
        for i in 0 ..< 10 { ten[i * 10, i * 10] = RGBA(0, 0, 0) }
        #expect(ImageComparison(expected: expected, actual: ten, options: .perceptual).result.passed)
        var eleven = ten
        eleven[95, 5] = RGBA(0, 0, 0)
        let result = ImageComparison(expected: expected, actual: eleven, options: .perceptual).result
        #expect(!result.passed && result.failures.map(\.kind) == ["maxFraction"])
        #expect(result.differingPixels == 11)
    }

    @Test func windowLimit() {
        // 9 differing pixels in one 8×8 area of a 400×400 image: well under 0.1% (160) but
        // above 8 per window.
        let expected = TestImages.solid(400, 400)
        var actual = expected
        for i in 0 ..< 9 { actual[200 + i % 3 * 2, 100 + i / 3 * 2] = RGBA(0, 0, 0) }
        let result = ImageComparison(expected: expected, actual: actual, options: .perceptual).result
        #expect(!result.passed && result.failures.map(\.kind) == ["window"])
        #expect(result.densestWindow?.count == 9)
        let window = result.densestWindow!
        #expect(window.width == 8 && window.height == 8)
        #expect(window.x <= 200 && window.x + 8 > 204 && window.y <= 100 && window.y + 8 > 104)
        // The same 9 pixels spread out pass.
        var spread = expected
        for i in 0 ..< 9 { spread[20 + i * 40, 50] = RGBA(0, 0, 0) }
        let ok = ImageComparison(expected: expected, actual: spread, options: .perceptual).result
        #expect(ok.passed && ok.densestWindow?.count == 1)
    }

    @Test func densestWindowMatchesBruteForce() {
        var actual = TestImages.solid(23, 17)
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 60 {
            actual[Int.random(in: 0 ..< 23, using: &generator), Int.random(in: 0 ..< 17, using: &generator)] = RGBA(0, 0, 0)
        }
        let comparison = ImageComparison(expected: TestImages.solid(23, 17), actual: actual, options: .strict)
        var best = 0
        for y in 0 ... 17 - 8 {
            for x in 0 ... 23 - 8 {
                var count = 0
                for dy in 0 ..< 8 { for dx in 0 ..< 8 where comparison.pixelClass(x: x + dx, y: y + dy) == .differing { count += 1 } }
                best = max(best, count)
            }
        }
        #expect(comparison.result.densestWindow?.count == best)
    }

    @Test func sizeMismatchFailsUnlessAllowed() {
        let expected = TestImages.solid(10, 8)
        let actual = TestImages.solid(12, 8)
        let result = ImageComparison(expected: expected, actual: actual, options: .strict).result
        #expect(!result.passed)
        #expect(result.failures.map(\.kind) == ["sizeMismatch"])
        #expect(result.reason == "size mismatch: expected 10x8, actual 12x8")
        #expect(result.comparedPixels == 80)
        let allowed = ImageComparison(expected: expected, actual: actual,
                                      options: .strict.with(allowSizeMismatch: true)).result
        #expect(allowed.passed && !allowed.sizesMatch)
    }

    @Test func jsonHasStableKeys() throws {
        var actual = TestImages.solid(10, 10)
        actual[2, 3] = RGBA(0, 0, 0)
        let result = ImageComparison(expected: TestImages.solid(10, 10), actual: actual, options: .strict).result
        let object = try JSONSerialization.jsonObject(with: result.jsonData()) as! [String: Any]
        #expect(object.keys.sorted() == [
            "actualSize", "antialiasedPixels", "changedBounds", "comparedPixels", "densestWindow",
            "differingBounds", "differingFraction", "differingPixels", "expectedSize", "failures",
            "identicalPixels", "maskedPixels", "maxChannelDifference", "maxColorDelta", "options", "passed", "reason",
            "withinTolerancePixels",
        ])
        #expect(object["passed"] as? Bool == false)
        #expect(object["differingPixels"] as? Int == 1)
        #expect(object["maxChannelDifference"] as? Int == 255)
        let window = object["densestWindow"] as! [String: Any]
        #expect(window.keys.sorted() == ["count", "height", "width", "x", "y"])
        let options = object["options"] as! [String: Any]
        #expect(options["name"] as? String == "strict")
        #expect(options["yiqThreshold"] is NSNull)
        // Keys appear sorted in the text itself, so the output is byte-stable.
        let text = result.jsonString
        #expect(text.range(of: "\"actualSize\"")!.lowerBound < text.range(of: "\"withinTolerancePixels\"")!.lowerBound)
        // A passing result keeps the same keys with nulls.
        let pass = ImageComparison(expected: actual, actual: actual).result
        let passObject = try JSONSerialization.jsonObject(with: pass.jsonData()) as! [String: Any]
        #expect(passObject.keys.sorted() == object.keys.sorted())
        #expect(passObject["reason"] is NSNull && passObject["densestWindow"] is NSNull)
    }
}
