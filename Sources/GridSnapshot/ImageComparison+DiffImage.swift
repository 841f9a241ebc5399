/// The diff image: expected | diff | actual side by side, each panel as large as the larger image.
///
/// The middle panel shows every pixel of the compared area: unchanged ones (identical or within
/// tolerance) as a faint grey copy of the expected image's brightness, so the eye finds the
/// layout without being distracted by it; differing ones red where the actual image is darker and
/// green where it is lighter; ignored anti-aliasing yellow. Area present in only one image (a size
/// change) is magenta; area in neither is transparent, as is the padding of the outer panels.
extension ImageComparison {
    public static let darkerColor = RGBA(255, 0, 0)
    public static let lighterColor = RGBA(0, 255, 0)
    public static let antialiasedColor = RGBA(255, 255, 0)
    public static let sizeMismatchColor = RGBA(255, 0, 255)
    /// How much of the expected image's brightness shows in unchanged pixels (the rest is white).
    public static let unchangedOpacity = 0.1

    /// The faint grey an unchanged pixel is drawn as.
    public static func unchangedColor(for pixel: RGBA) -> RGBA {
        let y = YIQ.brightness(pixel)  // already composited onto white
        let value = UInt8(max(0, min(255, (255 + (y - 255) * unchangedOpacity).rounded())))
        return RGBA(value, value, value)
    }

    public func diffImage() -> RGBAImage {
        let panelWidth = max(expected.width, actual.width)
        let panelHeight = max(expected.height, actual.height)
        var out = [UInt8](repeating: 0, count: panelWidth * 3 * panelHeight * 4)
        let outStride = panelWidth * 3 * 4
        let unchanged = PixelClass.withinTolerance.rawValue  // identical (0) and withinTolerance (1)
        let antialiased = PixelClass.antialiased.rawValue
        out.withUnsafeMutableBufferPointer { o in
            expected.pixels.withUnsafeBufferPointer { e in
                actual.pixels.withUnsafeBufferPointer { a in
                    classes.withUnsafeBufferPointer { c in
                        Self.copy(e, width: expected.width, height: expected.height, into: o, stride: outStride, x: 0)
                        Self.copy(a, width: actual.width, height: actual.height, into: o, stride: outStride,
                                  x: panelWidth * 2)
                        // Neighbouring pixels usually share a colour: remember the last grey computed.
                        var lastPixel = RGBA(0, 0, 0, 0), lastGrey = Self.unchangedColor(for: RGBA(0, 0, 0, 0))
                        for y in 0 ..< panelHeight {
                            let rowStart = y * outStride + panelWidth * 4
                            for x in 0 ..< panelWidth {
                                let inExpected = x < expected.width && y < expected.height
                                let inActual = x < actual.width && y < actual.height
                                let color: RGBA
                                if inExpected && inActual {
                                    let cls = c[y * comparedWidth + x]
                                    let ei = (y * expected.width + x) * 4
                                    let ep = RGBA(e[ei], e[ei + 1], e[ei + 2], e[ei + 3])
                                    if cls <= unchanged {
                                        if ep != lastPixel {
                                            lastPixel = ep
                                            lastGrey = Self.unchangedColor(for: ep)
                                        }
                                        color = lastGrey
                                    } else if cls == antialiased {
                                        color = Self.antialiasedColor
                                    } else {
                                        let ai = (y * actual.width + x) * 4
                                        let ap = RGBA(a[ai], a[ai + 1], a[ai + 2], a[ai + 3])
                                        color = YIQ.brightness(ap) > YIQ.brightness(ep) ? Self.lighterColor : Self.darkerColor
                                    }
                                } else if inExpected || inActual {
                                    color = Self.sizeMismatchColor
                                } else {
                                    continue
                                }
                                let i = rowStart + x * 4
                                o[i] = color.r; o[i + 1] = color.g; o[i + 2] = color.b; o[i + 3] = color.a
                            }
                        }
                    }
                }
            }
        }
        return RGBAImage(width: panelWidth * 3, height: panelHeight, pixels: out)
    }

    private static func copy(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                             into out: UnsafeMutableBufferPointer<UInt8>, stride: Int, x: Int) {
        guard width > 0, height > 0, let from = source.baseAddress, let to = out.baseAddress else { return }
        for y in 0 ..< height {
            (to + y * stride + x * 4).update(from: from + y * width * 4, count: width * 4)
        }
    }
}
