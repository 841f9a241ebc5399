import CCairo
import GridDocument

/// The image cells of a PDF as Cairo is given them: one raster source per file
/// (`CairoRasterSource`), whose pixels are decoded when Cairo asks, so the page does not hold
/// them all until it is written.
///
/// - The first images in paint order are kept decoded while `keptBytesLimit` allows (96 MiB by
///   default), chosen from their headers so the same ones whatever the threads.
/// - The others are decoded again when Cairo asks: to paint the cell and to write the image, in
///   paint order each time, so the next two are decoded ahead (`ImagePrefetch`).
/// - Cairo's other question, asked while it analyses the page, is whether the image has partial
///   alpha; a 1×1 probe of the same kind answers it (`CairoRasterSource`).
/// - Each decoded image carries a unique id, so an image painted twice is one PDF object.
/// - 8-bit RGB and grey files are never decoded for the PDF: Cairo is given a blank stand-in of
///   their size, and the output takes the file's own compressed data instead (`filter`).
final class PDFImageSources {
    /// Swaps the stand-ins Cairo writes for the files' data: the output filter of the document
    /// being written (`newDocument`).
    private var filter = PDFImagePassthrough()
    private var sources: [String: CairoRasterSource] = [:]
    private var blanks: [String: CairoSurface] = [:]
    /// The memory the stand-ins read.
    private let blankPixels = ZeroedMemory()
    private var kept: [String: CairoSurface] = [:]
    private var keptBytes = 0
    private let keptBytesLimit: Int
    /// The images not kept, in paint order (Cairo asks for them in this order, again from the
    /// first at each of its passes), and each one's file and place in that order.
    private var order: [String] = []
    private var unkept: [String: (resolved: String, index: Int)] = [:]
    /// The image Cairo asked for last (it asks twice in a row while painting).
    private var last: (key: String, image: CairoSurface)?
    private var prefetch: ImagePrefetch?
    private var probes: [CairoSurface.Transparency: CairoSurface] = [:]
    /// The first image that could not be decoded while Cairo asked for it.
    private(set) var failure: Error?

    init(keptBytesLimit: Int) { self.keptBytesLimit = keptBytesLimit }

    /// The stand-ins go before the memory they read.
    deinit { blanks = [:] }

    /// The output filter of a new document: its offsets and images start afresh.
    func newDocument() -> PDFImagePassthrough {
        filter = PDFImagePassthrough()
        return filter
    }

    /// Whether an image of `size` is kept decoded: the budget is taken in the order asked.
    func keeps(_ size: (width: Int, height: Int)) -> Bool {
        let bytes = size.width * size.height * 4
        guard keptBytes + bytes <= keptBytesLimit else { return false }
        keptBytes += bytes
        return true
    }

    func has(_ key: String) -> Bool { sources[key] != nil }

    /// Adds the file `resolved` (key: its identity), in paint order: shown from its own data
    /// when `passthrough` is given, else kept as `image` (made by `prepare`), or, when `image` is
    /// nil, decoded when asked for, with the `transparency` its pixels had.
    func add(key: String, resolved: String, size: (width: Int, height: Int), image: CairoSurface?,
             transparency: CairoSurface.Transparency?, passthrough: PDFImagePassthrough.Image? = nil) throws {
        guard sources[key] == nil else { return }
        if let passthrough {
            let probe = try self.probe(.opaque)
            sources[key] = try CairoRasterSource(width: size.width, height: size.height, probe: probe) { [unowned self] forPDF in
                // Pixels for anything but the PDF writer (a region Cairo would rasterize).
                forPDF ? self.blank(key: key, image: passthrough) : self.pixels(key: key, resolved: resolved)
            }
            sources[key]!.file = resolved
            return
        }
        if let image {
            kept[key] = image
        } else {
            unkept[key] = (resolved, order.count)
            order.append(key)
        }
        let probe = try transparency.map { try self.probe($0) }
        sources[key] = try CairoRasterSource(width: size.width, height: size.height, probe: image == nil ? probe : nil) { [unowned self] _ in
            self.pixels(key: key, resolved: resolved)
        }
        sources[key]!.file = resolved
    }

    /// The raster source of `key` (added before painting; one added now is decoded when asked).
    func source(key: String, resolved: String, size: (width: Int, height: Int)) throws -> CairoRasterSource {
        if sources[key] == nil { try add(key: key, resolved: resolved, size: size, image: nil, transparency: nil) }
        return sources[key]!
    }

    private func probe(_ kind: CairoSurface.Transparency) throws -> CairoSurface {
        if let surface = probes[kind] { return surface }
        let surface = try CairoSurface.transparencyProbe(kind)
        probes[kind] = surface
        return surface
    }

    /// The stand-in of an image the output takes from its file; Cairo may write it next.
    private func blank(key: String, image: PDFImagePassthrough.Image) -> CairoSurface? {
        filter.arm(key: key, image: image)
        if let surface = blanks[key] { return surface }
        do {
            let surface = try CairoSurface.blank(width: image.width, height: image.height,
                                                 pixels: blankPixels.block(CairoSurface.blankBytes(width: image.width, height: image.height)))
            try PDFImageSources.identify(surface, key: key)
            blanks[key] = surface
            return surface
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    /// The pixels Cairo asks for: kept, asked for just before, decoded ahead, or decoded now.
    /// Then the next images in paint order are decoded ahead.
    private func pixels(key: String, resolved: String) -> CairoSurface? {
        if let image = kept[key] { return image }
        if let last, last.key == key { return last.image }
        let image: CairoSurface
        if let ahead = prefetch?.take(key) {
            image = ahead
        } else {
            do {
                image = try PDFImageSources.decode(resolved, key: key)
            } catch {
                if failure == nil { failure = error }
                return nil
            }
        }
        last = (key, image)
        guard let index = unkept[key]?.index else { return image }
        for ahead in 1..<min(ImagePrefetch.depth + 1, order.count) {
            let next = order[(index + ahead) % order.count]
            guard let file = unkept[next]?.resolved else { break }
            if prefetch == nil { prefetch = ImagePrefetch() }
            prefetch?.start(next) { try? PDFImageSources.decode(file, key: next) }
        }
        return image
    }

    private static func decode(_ resolved: String, key: String) throws -> CairoSurface {
        let image = try CairoSurface.png(path: resolved)
        try prepare(image, key: key)
        return image
    }

    /// Marks the image as the same one each time Cairo gets it (so it is written once), and
    /// drops the copy of the file Cairo keeps with a decoded PNG (a PDF does not embed it).
    static func prepare(_ image: CairoSurface, key: String) throws {
        try identify(image, key: key)
        image.detach(mime: CAIRO_MIME_TYPE_PNG)
    }

    /// The id that makes every surface Cairo gets for the file `key` one PDF object.
    private static func identify(_ surface: CairoSurface, key: String) throws {
        try surface.attach(mime: CAIRO_MIME_TYPE_UNIQUE_ID, "gridrender-image:\(key)")
    }
}
