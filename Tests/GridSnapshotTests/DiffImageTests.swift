import Testing
@testable import GridSnapshot

@Suite struct DiffImageTests {
    @Test func layoutAndColours() {
        let width = 12, height = 6
        var expected = TestImages.solid(width, height, RGBA(0, 0, 0))
        expected[0, 0] = RGBA(255, 255, 255)
        var actual = expected
        actual[3, 2] = RGBA(200, 200, 200)        // lighter than black → green
        actual[0, 0] = RGBA(0, 0, 0)              // darker than white → red
        let comparison = ImageComparison(expected: expected, actual: actual, options: .strict)
        let diff = comparison.diffImage()
        #expect(diff.width == 3 * width && diff.height == height)
        // Left panel is the expected image, right panel the actual one.
        #expect(diff[0, 0] == RGBA(255, 255, 255) && diff[2 * width + 0, 0] == RGBA(0, 0, 0))
        #expect(diff[2 * width + 3, 2] == RGBA(200, 200, 200))
        // Middle panel.
        #expect(diff[width + 3, 2] == ImageComparison.lighterColor)
        #expect(diff[width + 0, 0] == ImageComparison.darkerColor)
        #expect(ImageComparison.lighterColor == RGBA(0, 255, 0) && ImageComparison.darkerColor == RGBA(255, 0, 0))
        // Unchanged black: 255 + (0 − 255)·0.1 = 229.5 → 230, a faint grey.
        #expect(diff[width + 5, 5] == RGBA(230, 230, 230))
    }

    @Test func antialiasedPixelsAreYellow() {
        let segment = [(30.0, 40.0, 140.0, 95.0)]
        let expected = TestImages.lines(200, 200, segments: segment, thickness: 3)
        let actual = TestImages.lines(200, 200, segments: segment, thickness: 3, offset: (0.5, 0.5))
        let comparison = ImageComparison(expected: expected, actual: actual, options: .perceptual)
        let diff = comparison.diffImage()
        var yellow = 0
        for y in 0 ..< 200 {
            for x in 0 ..< 200 where comparison.pixelClass(x: x, y: y) == .antialiased {
                #expect(diff[200 + x, y] == RGBA(255, 255, 0))
                yellow += 1
            }
        }
        #expect(yellow == comparison.result.antialiasedPixels && yellow > 0)
    }

    @Test func sizesThatDifferArePadded() {
        let expected = TestImages.solid(4, 3, RGBA(0, 0, 0))
        let actual = TestImages.solid(6, 2, RGBA(0, 0, 0))
        let diff = ImageComparison(expected: expected, actual: actual, options: .strict).diffImage()
        #expect(diff.width == 18 && diff.height == 3)
        #expect(diff[6 + 5, 0] == ImageComparison.sizeMismatchColor)   // only in actual
        #expect(diff[6 + 1, 2] == ImageComparison.sizeMismatchColor)   // only in expected
        #expect(diff[6 + 5, 2] == RGBA(0, 0, 0, 0))                     // in neither
        #expect(diff[4, 0] == RGBA(0, 0, 0, 0))                         // expected panel padding
        #expect(diff[12 + 5, 1] == RGBA(0, 0, 0))                       // actual panel content
    }
}
