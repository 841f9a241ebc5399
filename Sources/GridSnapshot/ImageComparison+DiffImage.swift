/// The diff image: expected | diff | actual side by side, each panel as large as the larger image.
///
/// The middle panel shows every pixel of the compared area: unchanged ones (identical or within
/// tolerance) as a faint grey copy of the expected image's brightness, so the eye finds the
/// layout without being distracted by it; differing ones red where the actual image is darker and
/// green where it is lighter; ignored anti-aliasing yellow; masked pixels hatched with blue
/// diagonal stripes over the grey. Area present in only one image (a size change) is magenta;
/// area in neither is transparent, as is the padding of the outer panels.
extension ImageComparison {
    public static let darkerColor = RGBA(255, 0, 0)
    public static let lighterColor = RGBA(0, 255, 0)
    public static let antialiasedColor = RGBA(255, 255, 0)
    public static let sizeMismatchColor = RGBA(255, 0, 255)
    /// The stripes drawn over masked pixels.
    public static let maskColor = RGBA(64, 112, 224)
    /// How much of the expected image's brightness shows in unchanged pixels (the rest is white).
    public static let unchangedOpacity = 0.1

    /// The faint grey an unchanged pixel is drawn as.
    public static func unchangedColor(for pixel: RGBA) -> RGBA {
        let y = YIQ.brightness(pixel)  // already composited onto white
        let value = UInt8(max(0, min(255, (255 + (y - 255) * unchangedOpacity).rounded())))
        return RGBA(value, value, value)
    }

    public func diffImage() -> RGBAImage {
        var painter = DiffRowPainter(expectedWidth: expected.width, expectedHeight: expected.height,
                                     actualWidth: actual.width, actualHeight: actual.height)
        var out = [UInt8](repeating: 0, count: painter.rowBytes * painter.height)
        out.withUnsafeMutableBufferPointer { o in
            expected.pixels.withUnsafeBufferPointer { e in
                actual.pixels.withUnsafeBufferPointer { a in
                    classes.withUnsafeBufferPointer { c in
                        for y in 0 ..< painter.height {
                            painter.paint(row: y,
                                          expected: y < expected.height ? e.baseAddress.map { $0 + y * expected.width * 4 } : nil,
                                          actual: y < actual.height ? a.baseAddress.map { $0 + y * actual.width * 4 } : nil,
                                          classes: y < comparedHeight ? c.baseAddress.map { $0 + y * comparedWidth } : nil,
                                          into: o.baseAddress! + y * painter.rowBytes)
                        }
                    }
                }
            }
        }
        return RGBAImage(width: painter.width, height: painter.height, pixels: out)
    }
}

/// Paints one row of the three-panel diff image from one row of each image and its classes, so
/// a streamed comparison can write the diff PNG row by row.
struct DiffRowPainter {
    let expectedWidth: Int, expectedHeight: Int
    let actualWidth: Int, actualHeight: Int
    let panelWidth: Int
    let height: Int
    var width: Int { panelWidth * 3 }
    var rowBytes: Int { width * 4 }
    /// Neighbouring pixels usually share a colour: the last grey computed.
    private var lastPixel = RGBA(0, 0, 0, 0)
    private var lastGrey = ImageComparison.unchangedColor(for: RGBA(0, 0, 0, 0))

    init(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int) {
        self.expectedWidth = expectedWidth; self.expectedHeight = expectedHeight
        self.actualWidth = actualWidth; self.actualHeight = actualHeight
        panelWidth = max(expectedWidth, actualWidth)
        height = max(expectedHeight, actualHeight)
    }

    /// `out` must hold `rowBytes` zeroed (transparent) bytes or be overwritten fully here.
    mutating func paint(row y: Int, expected e: UnsafePointer<UInt8>?, actual a: UnsafePointer<UInt8>?,
                        classes c: UnsafePointer<UInt8>?, into out: UnsafeMutablePointer<UInt8>) {
        out.update(repeating: 0, count: rowBytes)
        if let e { out.update(from: e, count: expectedWidth * 4) }
        if let a { (out + panelWidth * 2 * 4).update(from: a, count: actualWidth * 4) }
        let unchanged = PixelClass.withinTolerance.rawValue  // identical (0) and withinTolerance (1)
        let middle = out + panelWidth * 4
        for x in 0 ..< panelWidth {
            let inExpected = e != nil && x < expectedWidth
            let inActual = a != nil && x < actualWidth
            let color: RGBA
            if inExpected && inActual, let e, let a, let c {
                let cls = c[x]
                let ep = RGBA(e[x * 4], e[x * 4 + 1], e[x * 4 + 2], e[x * 4 + 3])
                if cls <= unchanged || cls == PixelClass.masked.rawValue {
                    if ep != lastPixel {
                        lastPixel = ep
                        lastGrey = ImageComparison.unchangedColor(for: ep)
                    }
                    color = cls == PixelClass.masked.rawValue && (x + y) % 6 < 2 ? ImageComparison.maskColor : lastGrey
                } else if cls == PixelClass.antialiased.rawValue {
                    color = ImageComparison.antialiasedColor
                } else {
                    let ap = RGBA(a[x * 4], a[x * 4 + 1], a[x * 4 + 2], a[x * 4 + 3])
                    color = YIQ.brightness(ap) > YIQ.brightness(ep) ? ImageComparison.lighterColor : ImageComparison.darkerColor
                }
            } else if inExpected || inActual {
                color = ImageComparison.sizeMismatchColor
            } else {
                continue
            }
            let i = x * 4
            middle[i] = color.r; middle[i + 1] = color.g; middle[i + 2] = color.b; middle[i + 3] = color.a
        }
    }
}
