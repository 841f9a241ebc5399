import Foundation
import Testing
@testable import GridSnapshot
import GridTestSupport

/// pixelmatch 7.2.0's rules on crafted images: the neighbour order that breaks ties, the image
/// border, translucent pixels, and a literal transcription of pixelmatch's loop structure run on
/// random few-colour images (where ties and flat areas are everywhere) against the streamed and
/// in-memory comparisons.
@Suite struct PixelmatchRulesTests {
    static func pixelmatch(threshold: Double, ignoreAntialiasing: Bool) -> ComparisonOptions {
        ComparisonOptions(name: "pixelmatch", channelTolerance: 0, yiqThreshold: threshold,
                          ignoreAntialiasing: ignoreAntialiasing, maxDifferingPixels: nil)
    }

    /// Filler pixels that equal nothing else (blue 77 is used nowhere else).
    static func filler(_ width: Int, _ height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width { image[x, y] = RGBA(UInt8(x * 40 + 5), UInt8(y * 40 + 5), 77) } }
        return image
    }

    /// The centre (2,2) is grey; its two darkest neighbours, (1,2) and (2,1), are both black (a
    /// tie). pixelmatch visits x-major, so it keeps (1,2), which sits in a flat black patch in
    /// both images: the centre is anti-aliasing. Transposed, it keeps (1,2) again, which is now
    /// the one without flat surroundings, so the same change is a real difference. A row-major
    /// scan would answer the other way round in both cases.
    static func tie(transposed: Bool) -> (RGBAImage, RGBAImage) {
        var a = filler(6, 6)
        func set(_ x: Int, _ y: Int, _ c: RGBA) { if transposed { a[y, x] = c } else { a[x, y] = c } }
        let black = RGBA(0, 0, 0)
        set(2, 2, RGBA(128, 128, 128))
        set(1, 2, black); set(2, 1, black)
        set(0, 1, black); set(0, 2, black)          // (1,2) gets three black neighbours
        let brighter: [(Int, Int, UInt8)] = [(1, 1, 200), (1, 3, 210), (2, 3, 220), (3, 1, 230), (3, 2, 240), (3, 3, 250)]
        for (x, y, v) in brighter { set(x, y, RGBA(v, v, v)) }
        var b = a
        b[2, 2] = RGBA(100, 100, 100)
        return (a, b)
    }

    @Test func tiesAreBrokenInPixelmatchsNeighbourOrder() throws {
        let options = Self.pixelmatch(threshold: 0, ignoreAntialiasing: true)
        let (a, b) = Self.tie(transposed: false)
        let plain = ImageComparison(expected: a, actual: b, options: options).result
        #expect(plain.antialiasedPixels == 1 && plain.differingPixels == 0, "\(plain.summary)")
        let (ta, tb) = Self.tie(transposed: true)
        let transposed = ImageComparison(expected: ta, actual: tb, options: options).result
        #expect(transposed.antialiasedPixels == 0 && transposed.differingPixels == 1, "\(transposed.summary)")
        // Counting anti-aliasing (pixelmatch's includeAA) counts it either way.
        let counted = ImageComparison(expected: a, actual: b, options: Self.pixelmatch(threshold: 0, ignoreAntialiasing: false)).result
        #expect(counted.differingPixels == 1 && counted.antialiasedPixels == 0)
    }

    /// The image border counts as one equal neighbour: a pixel on the edge with two neighbours of
    /// its own brightness already has three "equal" ones and is never anti-aliasing, while the
    /// same pattern one pixel inside can be.
    @Test func borderCountsAsAnEqualNeighbour() {
        // Column 0 is the edge. Centre (0,2) grey with (0,1) and (0,3) the same grey.
        var a = Self.filler(4, 5)
        let grey = RGBA(128, 128, 128)
        a[0, 1] = grey; a[0, 2] = grey; a[0, 3] = grey
        var b = a
        b[0, 2] = RGBA(60, 60, 60)
        let result = ImageComparison(expected: a, actual: b, options: Self.pixelmatch(threshold: 0, ignoreAntialiasing: true)).result
        #expect(result.differingPixels == 1 && result.antialiasedPixels == 0)
        #expect(!Antialiasing.isAntialiased(Self.view(a), other: Self.view(b), x: 0, y: 2, width: 4, height: 5))
    }

    static func view(_ image: RGBAImage) -> PixelView {
        image.pixels.withUnsafeBufferPointer { PixelView(base: $0.baseAddress!, width: image.width) }
    }

    /// A translucent change that blending onto white (pixelmatch 6) hides: white at 50% and at
    /// 0% are both white on white, but differ on pixelmatch 7's grey background.
    @Test func translucentPixelsAreBlendedOntoTheCheckerboard() {
        let a = TestImages.solid(3, 3, RGBA(255, 255, 255, 128))
        var b = a
        b[1, 1] = RGBA(255, 255, 255, 0)
        let result = ImageComparison(expected: a, actual: b, options: Self.pixelmatch(threshold: 0.1, ignoreAntialiasing: false)).result
        #expect(result.differingPixels == 1)
    }

    // MARK: - Reference transcription

    /// pixelmatch 7.2.0's count, written the way its index.js is structured (flat byte arrays,
    /// `x` outer and `y` inner in the neighbourhood loops), independently of `PixelClassifier`.
    static func reference(_ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int, threshold: Double, includeAA: Bool) -> Int {
        func delta(_ i1: [UInt8], _ i2: [UInt8], _ k: Int, _ m: Int, yOnly: Bool) -> Double {
            let r1 = Double(i1[k]), g1 = Double(i1[k + 1]), b1 = Double(i1[k + 2]), a1 = Double(i1[k + 3])
            let r2 = Double(i2[m]), g2 = Double(i2[m + 1]), b2 = Double(i2[m + 2]), a2 = Double(i2[m + 3])
            var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
            let da = a1 - a2
            if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
            if a1 < 255 || a2 < 255 {
                let (rb, gb, bb) = YIQ.background(offset: k)
                dr = (r1 * a1 - r2 * a2 - rb * da) / 255
                dg = (g1 * a1 - g2 * a2 - gb * da) / 255
                db = (b1 * a1 - b2 * a2 - bb * da) / 255
            }
            let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
            if yOnly { return y }
            let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
            let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
            return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        }
        func word(_ img: [UInt8], _ p: Int) -> [UInt8] { Array(img[p * 4 ..< p * 4 + 4]) }
        func siblings(_ img: [UInt8], _ x1: Int, _ y1: Int) -> Bool {
            let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
            let val = word(img, y1 * width + x1)
            var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
            for x in x0 ... x2 { for y in y0 ... y2 {
                if x == x1 && y == y1 { continue }
                if val == word(img, y * width + x) { zeroes += 1 }
                if zeroes > 2 { return true }
            } }
            return false
        }
        func antialiased(_ img: [UInt8], _ x1: Int, _ y1: Int, _ other: [UInt8]) -> Bool {
            let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
            let pos = y1 * width + x1
            var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
            var mn = 0.0, mx = 0.0, minX = 0, minY = 0, maxX = 0, maxY = 0
            for x in x0 ... x2 { for y in y0 ... y2 {
                if x == x1 && y == y1 { continue }
                let d = delta(img, img, pos * 4, (y * width + x) * 4, yOnly: true)
                if d == 0 { zeroes += 1; if zeroes > 2 { return false } }
                else if d < mn { mn = d; minX = x; minY = y }
                else if d > mx { mx = d; maxX = x; maxY = y }
            } }
            if mn == 0 || mx == 0 { return false }
            return (siblings(img, minX, minY) && siblings(other, minX, minY)) || (siblings(img, maxX, maxY) && siblings(other, maxX, maxY))
        }
        let maxDelta = 35215 * threshold * threshold
        var diff = 0
        for y in 0 ..< height { for x in 0 ..< width {
            let pos = (y * width + x) * 4
            let d = delta(img1, img2, pos, pos, yOnly: false)
            if abs(d) > maxDelta {
                if !includeAA && (antialiased(img1, x, y, img2) || antialiased(img2, x, y, img1)) { continue }
                diff += 1
            }
        } }
        return diff
    }

    /// Random images over a palette of four colours (some translucent), so equal brightness,
    /// flat patches and ties occur everywhere, including along every edge.
    @Test(arguments: 0 ..< 12)
    func randomFewColourImagesMatchTheTranscription(seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed) &+ 17)
        let width = 7 + seed % 5, height = 5 + seed % 7
        let palette: [RGBA] = seed % 2 == 0
            ? [RGBA(0, 0, 0), RGBA(255, 255, 255), RGBA(128, 128, 128), RGBA(90, 160, 40)]
            : [RGBA(0, 0, 0, 255), RGBA(255, 255, 255, 128), RGBA(128, 128, 128, 0), RGBA(90, 160, 40, 200)]
        func image() -> RGBAImage {
            var image = RGBAImage(width: width, height: height)
            for y in 0 ..< height { for x in 0 ..< width { image[x, y] = palette[Int(rng.next() % 4)] } }
            return image
        }
        let a = image()
        var b = a
        for _ in 0 ..< width * height / 3 { b[Int(rng.next() % UInt64(width)), Int(rng.next() % UInt64(height))] = palette[Int(rng.next() % 4)] }
        let folder = try scratch()
        try a.writePNG(to: folder + "/a.png")
        try b.writePNG(to: folder + "/b.png")
        for threshold in [0.0, 0.05, 0.3] {
            for includeAA in [false, true] {
                let expected = Self.reference(a.pixels, b.pixels, width: width, height: height, threshold: threshold, includeAA: includeAA)
                let options = Self.pixelmatch(threshold: threshold, ignoreAntialiasing: !includeAA)
                #expect(ImageComparison(expected: a, actual: b, options: options).result.differingPixels == expected)
                let streamed = try StreamingComparison.compare(expected: folder + "/a.png", actual: folder + "/b.png", options: options)
                #expect(streamed.differingPixels == expected)
            }
        }
    }

    func scratch() throws -> String {
        try TestScratch.directory("pixelmatch-rules")
    }
}

