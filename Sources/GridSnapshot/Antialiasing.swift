/// Anti-aliasing detection exactly as pixelmatch 7.2.0 does it (after Vysniauskas, "Anti-aliased
/// Pixel and Intensity Slope Detector", 2009), so counts match pixelmatch's to the pixel.
///
/// An anti-aliased edge pixel is a blend of the two colours it separates, so in its 3×3
/// neighbourhood it has (a) few neighbours of its own brightness, (b) some neighbour darker and
/// some brighter than itself, and (c) the darkest or the brightest of those neighbours lies
/// inside a flat region (it has at least three identical neighbours) in both images. (c) is what
/// tells a moved edge from a changed fill: a shifted line changes only the blends along it,
/// while the flat colours on each side stay the same in both images.
///
/// The order matters for ties: pixelmatch visits the neighbours column by column (x outer, y
/// inner, both increasing) and keeps the *first* neighbour with the smallest and the first with
/// the largest brightness difference (strict `<` and `>`, tested in that order, so a neighbour that
/// sets the minimum is never also considered for the maximum). A neighbour whose brightness
/// difference is exactly 0 counts as equal even when its colour differs. The image border counts
/// as one equal neighbour.
enum Antialiasing {
    /// Whether pixel (x, y) of `image` looks anti-aliased, with `other` the image it is compared
    /// with; `width`×`height` is the compared area (pixelmatch's image size).
    static func isAntialiased(_ image: PixelView, other: PixelView, x: Int, y: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        let centre = image[x, y]
        let offset = (y * width + x) * 4
        for nx in x0 ... x2 {
            for ny in y0 ... y2 where nx != x || ny != y {
                // Centre minus neighbour, with the centre's offset choosing the background.
                let delta = YIQ.brightnessDelta(centre, image[nx, ny], offset: offset)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = nx; minY = ny
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = nx; maxY = ny
                }
            }
        }
        // Not between a darker and a brighter neighbour: an end of a line or a flat change.
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, x: minX, y: minY, width: width, height: height)
                && hasManySiblings(other, x: minX, y: minY, width: width, height: height))
            || (hasManySiblings(image, x: maxX, y: maxY, width: width, height: height)
                && hasManySiblings(other, x: maxX, y: maxY, width: width, height: height))
    }

    /// Whether pixel (x, y) has at least three neighbours with exactly its RGBA (the border counts
    /// as one): it lies inside a flat area rather than on an edge.
    static func hasManySiblings(_ image: PixelView, x: Int, y: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, height - 1)
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        let centre = image.word(x, y)
        for nx in x0 ... x2 {
            for ny in y0 ... y2 where (nx != x || ny != y) && image.word(nx, ny) == centre {
                equal += 1
                if equal > 2 { return true }
            }
        }
        return false
    }
}
