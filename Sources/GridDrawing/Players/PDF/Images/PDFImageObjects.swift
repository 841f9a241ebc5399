import CCairo
import Foundation
import GridDocument

/// The image XObjects of one PDF the project writes (`PDFWriter`): each image source one object
/// (and its soft mask), however many times and on however many pages it is drawn. Pages refer
/// to an image by the number `object(for:reserve:)` gives on first sight (from any painting
/// lane: it is locked); the objects are made at the end (`objects`), from the files' own bytes
/// where a reader can take them (`PDFImageEncoding`), so nothing of Cairo's output is patched.
///
/// A source is a cell image's raster source (its file: `CairoRasterSource.file`) or a surface
/// (a colour glyph's pixels, or any image surface: its JPEG or PNG bytes when Cairo's MIME data
/// carries them, else its pixels).
final class PDFImageObjects: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: [ObjectIdentifier: Int] = [:]
    /// First-seen order; holding the sources keeps their identities unique meanwhile.
    private var sources: [(number: Int, source: ImageSource)] = []

    init() {}

    /// The XObject number of `source` (reserved with `reserve` the first time it is met).
    func object(for source: ImageSource, reserve: () -> Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(source.object)
        if let n = numbers[id] { return n }
        let n = reserve()
        numbers[id] = n
        sources.append((n, source))
        return n
    }

    /// How many images were met.
    var count: Int { lock.withLock { sources.count } }

    /// The objects of every image met, in the order met; soft masks numbered by `reserve`.
    func objects(reserve: () -> Int) throws -> [PDFObject] {
        let all = lock.withLock { sources }
        var out: [PDFObject] = []
        for (number, source) in all {
            let made = try PDFImageObjects.objects(source, number: number, reserve: reserve)
            out.append(made.image)
            if let mask = made.mask { out.append(mask) }
        }
        return out
    }

    private static func objects(_ source: ImageSource, number: Int, reserve: () -> Int) throws -> PDFImageEncoding.Objects {
        switch source {
        case .surface(let surface):
            if let jpeg = mimeBytes(surface, CAIRO_MIME_TYPE_JPEG), let header = JPEGHeader(jpeg) {
                return PDFImageEncoding.jpeg(jpeg, header: header, number: number)
            }
            if let png = mimeBytes(surface, CAIRO_MIME_TYPE_PNG), case .success(let chunks) = PNGChunks.parse(png),
               let objects = PDFImageEncoding.png(chunks, path: "PNG data", number: number) {
                return objects
            }
            return try PDFImageEncoding.pixels(surface, number: number, reserve: reserve)
        case .pattern(let pattern):
            guard let file = pattern.file else { throw RenderError("PDF image \(pattern.width)×\(pattern.height): no file") }
            switch PNGChunks.read(file, checksums: false) {
            case .success(let chunks):
                if let objects = PDFImageEncoding.png(chunks, path: file, number: number) { return objects }
            case .failure(let e):
                throw RenderError("image \(file): \(e.reason)", badInput: true)
            }
            return try PDFImageEncoding.pixels(try CairoSurface.png(path: file), number: number, reserve: reserve)
        }
    }

    /// The surface's data of MIME type `type`, if attached.
    private static func mimeBytes(_ surface: CairoSurface, _ type: String) -> [UInt8]? {
        var data: UnsafePointer<UInt8>?
        var length: UInt = 0
        cairo_surface_get_mime_data(surface.pointer, type, &data, &length)
        guard let data, length > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(length)))
    }
}
