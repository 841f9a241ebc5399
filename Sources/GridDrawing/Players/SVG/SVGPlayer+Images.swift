import CCairo
import Foundation
import GridDocument
import GridLayout

/// Images and glows as SVG, as Cairo's SVG surface writes a painted surface: the picture once
/// per document as `<image id=… width height xlink:href=…/>` in the definitions, and a
/// `<use>` with the painting's matrix wherever it is painted, in a clip group where it reaches
/// past its clip. The link is Cairo's: the surface's URI (an image file's token, replaced by
/// the file's bytes as the output is written: `SVGImageTokens`), its attached PNG or JPEG bytes
/// (colour emoji), or the pixels encoded as PNG by `cairo_surface_write_to_png_stream` (a
/// glow). Ids are the project's: the document's prefix (`SVGGlyphDefs.prefix`), then `image` and
/// the token's number, or `image-` and a hash of the bytes, so equal pictures written by
/// different threads share one definition.
extension SVGPlayer {
    func write(_ image: ImageNode, tx: Double, ty: Double, clip: Rect?) {
        guard case .surface(let surface) = image.source else { return refuse("an image drawn from a pattern") }
        let x = image.rect.x + tx, y = image.rect.y + ty
        let box = Rect(x: x, y: y, width: Double(surface.width) * image.scale.sx, height: Double(surface.height) * image.scale.sy)
        let cell = Rect(x: image.clip.x + tx, y: image.clip.y + ty, width: image.clip.width, height: image.clip.height)
        guard let limit = clip.map({ $0.intersection(cell) }) ?? cell else { return }
        place(surface, x: x, y: y, sx: image.scale.sx, sy: image.scale.sy, alpha: image.alpha, box: box, clip: limit)
    }

    func write(_ glow: GlowNode, tx: Double, ty: Double, clip: Rect?) {
        let surface: CairoSurface
        do {
            guard let made = try CairoPlayer.glowImage(glow) else { return }
            surface = made
        } catch {
            return refuse("\(error)")
        }
        let pixel = glow.pixel
        let x = pixel.userX(glow.window.x) + tx, y = pixel.userY(glow.window.y) + ty
        let box = Rect(x: x, y: y, width: Double(surface.width) / pixel.sx, height: Double(surface.height) / pixel.sy)
        place(surface, x: x, y: y, sx: 1 / pixel.sx, sy: 1 / pixel.sy, alpha: 1, box: box, clip: clip)
    }

    /// `<use>` of `surface`'s definition with its top left at (`x`, `y`) scaled by `sx`, `sy`.
    private func place(_ surface: CairoSurface, x: Double, y: Double, sx: Double, sy: Double, alpha: Double, box: Rect, clip: Rect?) {
        guard alpha > 0, surface.width > 0, surface.height > 0 else { return }
        guard let id = imageID(surface) else { return }
        clipped(box, to: clip) {
            closeGroup()
            body += Array("<use xlink:href=\"#".utf8) + id + Array("\" transform=\"matrix(".utf8)
            for (k, v) in [sx, 0, 0, sy, x, y].enumerated() {
                if k > 0 { body.append(UInt8(ascii: ",")) }
                SVGNumber.append(v, to: &body)
            }
            body += Array(")\"".utf8)
            if alpha < 1 {
                body += Array(" opacity=\"".utf8)
                SVGNumber.append(alpha, to: &body)
                body += Array("\"".utf8)
            }
            body += Array("/>\n".utf8)
            usedGlyphs.insert(id)
        }
    }

    /// The id of `surface`'s `<image>` definition, defined the first time.
    private func imageID(_ surface: CairoSurface) -> [UInt8]? {
        let href: [UInt8]
        let id: [UInt8]
        if let uri = SVGPlayer.mime(surface, CAIRO_MIME_TYPE_URI) {
            href = uri
            let digits = uri.reversed().prefix { $0 >= 0x30 && $0 <= 0x39 }.reversed()
            id = defs.prefix + Array("image".utf8) + digits
        } else {
            var data: [UInt8], type: String
            if let png = SVGPlayer.mime(surface, CAIRO_MIME_TYPE_PNG) {
                (data, type) = (png, "image/png")
            } else if let jpeg = SVGPlayer.mime(surface, CAIRO_MIME_TYPE_JPEG) {
                (data, type) = (jpeg, "image/jpeg")
            } else {
                guard let png = SVGPlayer.png(surface) else { refuse("an image Cairo cannot encode"); return nil }
                (data, type) = (png, "image/png")
            }
            href = Array("data:\(type);base64,".utf8) + Array(Data(data).base64EncodedData())
            id = defs.prefix + Array("image-".utf8) + Array(String(SVGPlayer.hash(data), radix: 36).utf8)
        }
        defs.element(id) {
            var out = Array("<image id=\"".utf8) + id + Array("\" width=\"\(surface.width)\" height=\"\(surface.height)\" xlink:href=\"".utf8)
            out += href
            out += Array("\"/>\n".utf8)
            return out
        }
        return id
    }

    /// The surface's data of MIME type `type`, if attached.
    static func mime(_ surface: CairoSurface, _ type: String) -> [UInt8]? {
        var data: UnsafePointer<UInt8>?
        var length: UInt = 0
        cairo_surface_get_mime_data(surface.pointer, type, &data, &length)
        guard let data, length > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(length)))
    }

    /// The surface's pixels as Cairo's SVG writer encodes them.
    static func png(_ surface: CairoSurface) -> [UInt8]? {
        final class Box { var bytes: [UInt8] = [] }
        let box = Box()
        let status = cairo_surface_write_to_png_stream(surface.pointer, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Box>.fromOpaque(closure).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(box).toOpaque())
        return status == CAIRO_STATUS_SUCCESS ? box.bytes : nil
    }

    /// FNV-1a of `bytes` (the same in every process).
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }
}
