import CCairo
import GridDocument

/// The XObject of one image, three ways, each as Cairo's PDF shows the same pixels:
/// - a JPEG's own bytes (`/DCTDecode`), unchanged;
/// - an opaque PNG's compressed rows (IDAT) with the PNG predictors, when a reader maps them to
///   the decoded pixels (`PDFImagePassthrough.image`: 8-bit RGB, grey and palette, no tRNS, not
///   interlaced): nothing decoded or compressed again;
/// - else the decoded pixels, un-premultiplied as Cairo does (`(c·255 + a/2) / a`), RGB with an
///   8-bit `/SMask` of the alpha when any pixel is not opaque (the writer deflates both).
enum PDFImageEncoding {
    /// The image objects: the image as `number`, its soft mask (if any) as `reserve()`.
    struct Objects {
        var image: PDFObject
        var mask: PDFObject?
    }

    static func jpeg(_ bytes: [UInt8], header: JPEGHeader, number: Int) -> Objects {
        let decode = header.components == 4 ? " /Decode [1 0 1 0 1 0 1 0]" : ""
        return Objects(image: PDFObject(number: number, "<< /Type /XObject /Subtype /Image /Width \(header.width) /Height \(header.height)"
            + " /ColorSpace \(header.colorSpace) /BitsPerComponent 8\(decode) /Interpolate true /Filter /DCTDecode >>", stream: bytes))
    }

    /// nil when the PNG cannot be shown from its rows as they are.
    static func png(_ chunks: PNGChunks, path: String, number: Int) -> Objects? {
        guard let image = PDFImagePassthrough.image(chunks, path: path) else { return nil }
        var rows: [UInt8] = []
        rows.reserveCapacity(chunks.pixelData.reduce(0) { $0 + $1.count })
        for range in chunks.pixelData { rows += chunks.bytes[range] }
        return Objects(image: PDFObject(number: number, "<< /Type /XObject /Subtype /Image /Width \(image.width) /Height \(image.height)"
            + " /ColorSpace \(image.colorSpace) /BitsPerComponent \(image.bits) /Interpolate true /Filter /FlateDecode"
            + " /DecodeParms << /Predictor 15 /Colors \(image.colors) /BitsPerComponent \(image.bits) /Columns \(image.width) >> >>",
            stream: rows))
    }

    /// The pixels of an image surface (ARGB32 or RGB24).
    static func pixels(_ surface: CairoSurface, number: Int, reserve: () -> Int) throws -> Objects {
        surface.flush()
        let width = surface.width, height = surface.height
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw RenderError("PDF image \(width)×\(height): no pixels") }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let hasAlpha = cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_ARGB32
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var alpha = [UInt8](repeating: 255, count: hasAlpha ? width * height : 0)
        var opaque = true
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x], i = y * width + x
                var r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
                if hasAlpha {
                    let a = pixel >> 24
                    alpha[i] = UInt8(a)
                    if a != 255 {
                        opaque = false
                        if a == 0 { r = 0; g = 0; b = 0 } else { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a }
                    }
                }
                rgb[3 * i] = UInt8(r); rgb[3 * i + 1] = UInt8(g); rgb[3 * i + 2] = UInt8(b)
            }
        }
        var mask: PDFObject?
        var smask = ""
        if !opaque {
            let n = reserve()
            smask = " /SMask \(n) 0 R"
            mask = PDFObject(number: n, "<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height)"
                + " /ColorSpace /DeviceGray /BitsPerComponent 8 /Interpolate true >>", stream: alpha, deflate: true)
        }
        let image = PDFObject(number: number, "<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height)"
            + " /ColorSpace /DeviceRGB /BitsPerComponent 8 /Interpolate true\(smask) >>", stream: rgb, deflate: true)
        return Objects(image: image, mask: mask)
    }
}
