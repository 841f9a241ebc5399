import Dispatch
import GridDocument

/// The cell images of one render task, by file. Every image is checked before any output
/// exists (`prepare` for PNG, `check` for SVG and PDF), on the painting threads, so a missing or
/// broken file fails the render with its name. What painting is then given depends on the output:
///
/// - **PNG** (`Output.raster`): each image decoded once, reduced to every size it is painted at
///   in device pixels (Cairo's GOOD filter, as painting uses) and the full-size pixels dropped.
///   An item grid of 400 photos of 560 px shown at 80 px held 400 × 1.2 MiB; now a few KiB each.
///   Images painted at or above their own size are kept whole and painted exactly as before.
/// - **SVG**: placeholders whose links are tokens (`SVGImagePlaceholders`); the file's bytes go
///   into the document as it is written (`SVGImageTokens`). No pixels are kept.
/// - **PDF**: raster sources that Cairo asks for pixels (`PDFImageSources`). 8-bit RGB and grey
///   files are never decoded: the output embeds their compressed data (`PDFImagePassthrough`).
///   Of the others some are kept, the rest decoded again when asked for, so memory stays bounded.
///
/// Vector outputs embed the file's own resolution: they are zoomed and printed. A job made for
/// no one output (`Output.whole`, tests that render one job in several formats) keeps every
/// image whole and paints its pixels.
final class ImageCache {
    enum Output { case raster, svg, pdf, whole }

    private let baseDirectory: String
    let output: Output
    /// Images at their own size (PNG and `whole`).
    private var images: [String: CairoSurface] = [:]
    /// Images reduced to a painted size, by file identity and size in pixels.
    private var reduced: [ReducedKey: CairoSurface] = [:]
    private var sizes: [String: (width: Int, height: Int)] = [:]
    private let svg: SVGImagePlaceholders?
    private let pdf: PDFImageSources?
    /// The render's colour glyph images (emoji in SVG and PDF), shared by its painting threads.
    let colorGlyphs = ColorGlyphImages()

    /// How many bytes of decoded pixels a PDF render keeps to paint from.
    static let keptVectorBytes = 96 << 20

    private struct ReducedKey: Hashable {
        var file: String
        var width: Int
        var height: Int
    }

    /// The images' output for a job made for `format`.
    static func output(for format: OutputFormat?) -> Output {
        switch format {
        case .png: .raster
        case .svg: .svg
        case .pdf: .pdf
        case nil: .whole
        }
    }

    /// `keptBytesLimit`: the decoded images a PDF keeps (tests lower it).
    init(baseDirectory: String, output: Output, keptBytesLimit: Int = ImageCache.keptVectorBytes) {
        self.baseDirectory = baseDirectory
        self.output = output
        svg = output == .svg ? SVGImagePlaceholders() : nil
        pdf = output == .pdf ? PDFImageSources(keptBytesLimit: keptBytesLimit) : nil
    }

    /// The tokens an SVG's output replaces with the images (nil for other outputs).
    var tokens: SVGImageTokens? { svg?.tokens }
    /// The first PDF image that could not be decoded again while Cairo wrote the page.
    var failure: Error? { pdf?.failure }
    /// What puts the 8-bit RGB and grey images of a new PDF document into the output (nil for
    /// other outputs).
    func newPDFDocument() -> PDFImagePassthrough? { pdf?.newDocument() }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") || baseDirectory.isEmpty ? path
            : (baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path)
    }

    /// Keyed by the file's identity (device and inode), so `x.png`, `./x.png` and `././x.png`
    /// decode once, as `prepare` counted them against the image budget.
    private func key(_ resolved: String) -> String { FileIO.identity(resolved) ?? resolved }

    /// The image at its own size (decoded and kept).
    private func image(_ path: String) throws -> CairoSurface {
        let resolved = resolve(path)
        let key = key(resolved)
        if let image = images[key] { return image }
        let image = try CairoSurface.png(path: resolved)
        images[key] = image
        sizes[key] = (image.width, image.height)
        return image
    }

    /// The image's own size in pixels (from its header when it is not decoded yet).
    func size(_ path: String) throws -> (width: Int, height: Int) {
        let resolved = resolve(path)
        let key = key(resolved)
        if let size = sizes[key] { return size }
        let size = try CairoSurface.pngSize(path: resolved)
        sizes[key] = size
        return size
    }

    /// What to paint for the image at `painted` device pixels (its size times the painting
    /// scale). For PNG: reduced to that size (rounded up) when smaller than the image, else the
    /// image itself; for SVG and PDF, the image at its own size as described above.
    func source(_ path: String, painted: (width: Double, height: Double)) throws -> ImageSource {
        let resolved = resolve(path)
        let key = key(resolved)
        if let svg { return .surface(try svg.surface(key: key, resolved: resolved, size: size(path))) }
        if let pdf { return .pattern(try pdf.source(key: key, resolved: resolved, size: size(path))) }
        guard output == .raster, let reducedKey = try reducedKey(path, key: key, painted: painted) else {
            return .surface(try image(path))
        }
        if let image = reduced[reducedKey] { return .surface(image) }
        let image = try ImageCache.reduce(images[key] ?? CairoSurface.png(path: resolved), to: reducedKey, path: path)
        reduced[reducedKey] = image
        return .surface(image)
    }

    /// The size a PNG keeps of the image painted at `painted` device pixels: nil for the whole
    /// image (painted at or above its own size, or not painted).
    private func reducedKey(_ path: String, key: String, painted: (width: Double, height: Double)) throws -> ReducedKey? {
        guard painted.width.isFinite, painted.height.isFinite else { return nil }
        let own = try size(path)
        let width = max(1, Int(painted.width.rounded(.up))), height = max(1, Int(painted.height.rounded(.up)))
        guard width < own.width || height < own.height else { return nil }
        return ReducedKey(file: key, width: min(width, own.width), height: min(height, own.height))
    }

    /// `full` reduced to the key's size, as painting would sample it (GOOD filter, padded edges).
    private static func reduce(_ full: CairoSurface, to key: ReducedKey, path: String) throws -> CairoSurface {
        let image = try CairoSurface.image(width: key.width, height: key.height)
        let cr = try CairoContext(image)
        cr.setSource(.surface(full), x: 0, y: 0, sx: Double(key.width) / Double(full.width), sy: Double(key.height) / Double(full.height))
        cr.padSource()
        cr.paint(alpha: 1)
        try cr.checkStatus("reducing image \(path)")
        image.flush()
        return image
    }

    // MARK: - Decoding before painting

    /// An image cell of a PNG: its file and the device pixels it is painted at.
    struct Request {
        var path: String
        var painted: (width: Double, height: Double)
    }

    /// Decodes the images of a PNG (requests in the order their cells are painted) at the sizes
    /// they are painted, on up to `threads` threads: each file once, reduced to every size it is
    /// painted at. The error is the first broken cell's.
    func prepare(_ requests: [Request], threads: Int) throws {
        var files: [(key: String, resolved: String, path: String, whole: Bool, sizes: [ReducedKey])] = []
        var index: [String: Int] = [:]
        for request in requests {
            let resolved = resolve(request.path)
            let key = key(resolved)
            let reducedKey = try reducedKey(request.path, key: key, painted: request.painted)
            let cached = reducedKey.map { reduced[$0] } ?? images[key]
            if cached != nil { continue }
            let i = index[key] ?? files.count
            if i == files.count {
                index[key] = i
                files.append((key, resolved, request.path, false, []))
            }
            if let reducedKey {
                if !files[i].sizes.contains(reducedKey) { files[i].sizes.append(reducedKey) }
            } else {
                files[i].whole = true
            }
        }
        let made = try ImageCache.inParallel(files.count, threads: threads) { i in
            let full = try CairoSurface.png(path: files[i].resolved)
            return (files[i].whole ? full : nil, try files[i].sizes.map { try ImageCache.reduce(full, to: $0, path: files[i].path) })
        }.map { try $0.get() }
        for (file, (full, sizes)) in zip(files, made) {
            if let full { images[file.key] = full }
            for (key, image) in zip(file.sizes, sizes) { reduced[key] = image }
        }
    }

    /// Checks the images of an SVG or PDF (paths in the order their cells are painted) on up to
    /// `threads` threads; the error is the first broken cell's. 8-bit RGB and grey files are
    /// checked without decoding, and a PDF shows them from their own data (`PDFImagePassthrough`);
    /// the others are decoded, and a PDF keeps the first ones its budget allows. Nothing else is
    /// kept.
    func check(_ paths: [String], threads: Int) throws {
        var files: [(key: String, resolved: String, size: (width: Int, height: Int))] = []
        var seen = Set<String>()
        for path in paths {
            let resolved = resolve(path)
            let key = key(resolved)
            guard seen.insert(key).inserted, images[key] == nil, svg?.has(key) != true, pdf?.has(key) != true else { continue }
            files.append((key, resolved, try size(path)))
        }
        let forPDF = pdf != nil
        // 8-bit RGB and grey files are checked without decoding (`PDFImagePassthrough.checked`):
        // an SVG embeds the file, a PDF its compressed data (with the Cairo whose image objects
        // the PDF filter knows). A job for no one format paints them.
        let checksRows = output == .svg || (forPDF && PDFImagePassthrough.knowsCairosObjects)
        let plain = !checksRows ? [] : ImageCache.inParallel(files.count, threads: threads) { i in
            try PDFImagePassthrough.checked(files[i].resolved)
        }
        /// Whether file `i` is decoded now (to be checked, or painted from).
        func decodes(_ i: Int) -> Bool {
            guard checksRows else { return true }
            if case .success(nil) = plain[i] { return true }
            return false
        }
        // In paint order: the budget goes to the first images.
        let keep = files.indices.map { i in output == .whole || (decodes(i) && pdf?.keeps(files[i].size) == true) }
        let decoded = ImageCache.inParallel(files.count, threads: threads) { i -> (CairoSurface?, CairoSurface.Transparency?) in
            guard decodes(i) else { return (nil, nil) }
            let image = try CairoSurface.png(path: files[i].resolved)
            guard forPDF else { return (keep[i] ? image : nil, nil) }
            guard keep[i] else { return (nil, image.transparency) }
            // At once: a kept image drops the copy of its file Cairo keeps with it.
            try PDFImageSources.prepare(image, key: files[i].key)
            return (image, nil)
        }
        // The first broken file in paint order fails the check before anything is added.
        let made = try files.indices.map { i in (try decoded[i].get(), checksRows ? try plain[i].get() : nil) }
        for (file, ((image, transparency), passthrough)) in zip(files, made) {
            if let svg { _ = try svg.surface(key: file.key, resolved: file.resolved, size: file.size) }
            if let pdf {
                try pdf.add(key: file.key, resolved: file.resolved, size: file.size, image: image,
                            transparency: transparency, passthrough: passthrough)
            } else if let image {
                images[file.key] = image
            }
        }
    }

    /// `body(i)` for `i` in `0..<count` on up to `threads` threads (each image file is decoded on
    /// one): the results in order.
    private static func inParallel<T>(_ count: Int, threads: Int, _ body: (Int) throws -> T) -> [Result<T, Error>] {
        OrderedParallel.map(count, threads: threads) { i in Result { try body(i) } }
    }
}
