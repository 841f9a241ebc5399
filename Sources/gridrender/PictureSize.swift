import Foundation
import GridDocument

/// The size a picture is shown at on a page (CSS pixels = points), read from the file written:
/// a PNG's pixels over the scale its `pHYs` records (a 2x PNG shows at half its pixels), an SVG's
/// root `width`/`height`. For the `<picture>` snippet's `width`/`height`, so GitHub does not show
/// a 2x PNG at twice its size. Nil when the file says nothing usable.
enum PictureSize {
    static func of(_ path: String) -> (width: Int, height: Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return png(head) }
        return svg(String(decoding: head, as: UTF8.self))
    }

    static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard bytes.count >= 24 else { return nil }
        let width = be32(16), height = be32(20)
        var scale = 1.0
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = be32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { break }
            if type == "pHYs", length == 9, offset + 17 <= bytes.count, bytes[offset + 16] == 1 {
                let ppm = Double(be32(offset + 8))
                if ppm > 0 { scale = ppm * 0.0254 / 72 }
            }
            offset += 12 + length
        }
        return (Int((Double(width) / scale).rounded()), Int((Double(height) / scale).rounded()))
    }

    static func svg(_ text: String) -> (width: Int, height: Int)? {
        guard let root = text.range(of: "<svg") else { return nil }
        let tag = text[root.lowerBound...].prefix { $0 != ">" }
        func number(_ name: String) -> Int? {
            guard let at = tag.range(of: " \(name)=\"") else { return nil }
            let value = tag[at.upperBound...].prefix { $0.isNumber || $0 == "." }
            return Double(value).map { Int($0.rounded()) }
        }
        guard let width = number("width"), let height = number("height") else { return nil }
        return (width, height)
    }
}
