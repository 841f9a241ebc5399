/// Anti-aliasing detection after pixelmatch's neighbourhood test (Vysniauskas, "Anti-aliased
/// Pixel and Intensity Slope Detector", 2009), written from its description.
///
/// An anti-aliased edge pixel is a blend of the two colours it separates, so in its 3×3
/// neighbourhood it has (a) few neighbours of its own brightness, (b) some neighbour darker and
/// some brighter than itself, and (c) the darkest or the brightest of those neighbours lies
/// inside a flat region (it has at least three identical neighbours) in both images. (c) is what
/// tells a moved edge from a changed fill: a shifted line changes only the blends along it,
/// while the flat colours on each side stay the same in both images.
enum Antialiasing {
    /// Whether pixel (x, y) of `image` looks anti-aliased, with `other` the image it is compared
    /// with; `width`×`height` is the compared area, whose border counts as one identical neighbour.
    static func isAntialiased(_ image: PixelView, other: PixelView, x: Int, y: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, height - 1)
        var equalNeighbours = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkX = 0, darkY = 0, brightX = 0, brightY = 0
        let centre = YIQ.brightness(image[x, y])
        for ny in y0 ... y1 {
            for nx in x0 ... x1 where nx != x || ny != y {
                let delta = YIQ.brightness(image[nx, ny]) - centre
                if delta == 0 {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return false }
                } else if delta < darkest {
                    darkest = delta; darkX = nx; darkY = ny
                } else if delta > brightest {
                    brightest = delta; brightX = nx; brightY = ny
                }
            }
        }
        // Not between a darker and a brighter neighbour: an end of a line or a flat change.
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, x: darkX, y: darkY, width: width, height: height)
                && hasManySiblings(other, x: darkX, y: darkY, width: width, height: height))
            || (hasManySiblings(image, x: brightX, y: brightY, width: width, height: height)
                && hasManySiblings(other, x: brightX, y: brightY, width: width, height: height))
    }

    /// Whether pixel (x, y) has at least three neighbours with exactly its RGBA (the border counts
    /// as one): it lies inside a flat area rather than on an edge.
    static func hasManySiblings(_ image: PixelView, x: Int, y: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, height - 1)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let centre = image[x, y]
        for ny in y0 ... y1 {
            for nx in x0 ... x1 where (nx != x || ny != y) && image[nx, ny] == centre {
                equal += 1
                if equal > 2 { return true }
            }
        }
        return false
    }
}
