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
        out.withUnsafeMutableBufferPointer { o in
            expected.pixels.withUnsafeBufferPointer { e in
                actual.pixels.withUnsafeBufferPointer { a in
                    Self.copy(e, width: expected.width, height: expected.height, into: o, stride: outStride, x: 0)
                    Self.copy(a, width: actual.width, height: actual.height, into: o, stride: outStride,
                              x: panelWidth * 2)
                    let ev = PixelView(bytes: e, stride: expected.width)
                    let av = PixelView(bytes: a, stride: actual.width)
                    for y in 0 ..< panelHeight {
                        for x in 0 ..< panelWidth {
                            let inExpected = x < expected.width && y < expected.height
                            let inActual = x < actual.width && y < actual.height
                            let color: RGBA
                            if inExpected && inActual {
                                switch PixelClass(rawValue: classes[y * comparedWidth + x])! {
                                case .identical, .withinTolerance:
                                    color = Self.unchangedColor(for: ev[x, y])
                                case .antialiased:
                                    color = Self.antialiasedColor
                                case .differing:
                                    color = YIQ.brightness(av[x, y]) > YIQ.brightness(ev[x, y])
                                        ? Self.lighterColor : Self.darkerColor
                                }
                            } else if inExpected || inActual {
                                color = Self.sizeMismatchColor
                            } else {
                                continue
                            }
                            let i = y * outStride + (panelWidth + x) * 4
                            o[i] = color.r; o[i + 1] = color.g; o[i + 2] = color.b; o[i + 3] = color.a
                        }
                    }
                }
            }
        }
        return RGBAImage(width: panelWidth * 3, height: panelHeight, pixels: out)
    }

    private static func copy(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                             into out: UnsafeMutableBufferPointer<UInt8>, stride: Int, x: Int) {
        guard width > 0 else { return }
        for y in 0 ..< height {
            let from = y * width * 4
            let to = y * stride + x * 4
            for k in 0 ..< width * 4 { out[to + k] = source[from + k] }
        }
    }
}
