#if canImport(Glibc)
import Glibc
#endif
import CCairo
import Dispatch
import GridDocument

/// The cell images of one render task, by resolved path. `check` decides missing or undecodable
/// files before any output exists; what painting is given depends on the output:
///
/// - **PNG** (`Output.raster`): each image decoded once, reduced to the size it is painted in
///   device pixels (Cairo's GOOD filter, as painting uses) and the full-size pixels dropped. An
///   item grid of 400 photos of 560 px shown at 80 px held 400 × 1.2 MiB; now a few KiB each.
///   Images painted at or above their own size are kept whole and painted exactly as before.
/// - **SVG**: a placeholder whose link is a token (`CairoSurface.placeholder`); the file's bytes
///   go into the document as it is written (`SVGImageTokens`). No pixels are kept.
/// - **PDF**: a raster source (`CairoRasterSource`) that Cairo asks for pixels when it analyses,
///   paints and writes the page. Decoded images are kept up to `keptVectorBytes`; the others
///   are decoded again when asked for (three times each), so memory stays bounded.
///
/// Vector outputs embed the file's own resolution: they are zoomed and printed. A job made for
/// no one output (`Output.whole`, tests that render one job in several formats) keeps every
/// image whole and paints its pixels.
final class ImageCache {
    enum Output { case raster, svg, pdf, whole }

    private let baseDirectory: String
    let output: Output
    /// Images at their own size: all of them for PNG, up to `keptVectorBytes` of them for PDF.
    private var images: [String: CairoSurface] = [:]
    /// Images reduced to a painted size, by file identity and size in pixels.
    private var reduced: [ReducedKey: CairoSurface] = [:]
    private var sizes: [String: (width: Int, height: Int)] = [:]
    private var placeholders: [String: CairoSurface] = [:]
    private var rasterSources: [String: CairoRasterSource] = [:]
    /// The tokens of the SVG's images (made with the first placeholder).
    private(set) var tokens: SVGImageTokens?
    /// Zeroed memory the placeholders read from, never written (the largest last).
    private var placeholderPixels: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = []
    /// The image Cairo asked for last (it often asks twice in a row), when not kept.
    private var lastDecoded: (key: String, image: CairoSurface)?
    /// The images a PDF does not keep, by key: their files, and the one painted after each.
    private var unkept: [String: (resolved: String, next: String)] = [:]
    private var lastUnkept: (first: String, last: String)?
    private var prefetch: ImagePrefetch?
    private var transparencyProbes: [CairoSurface.Transparency: CairoSurface] = [:]
    private var keptBytes = 0
    private let keptBytesLimit: Int
    /// The first image that could not be decoded while Cairo asked for it.
    private(set) var failure: Error?

    /// How many bytes of decoded pixels a PDF render keeps to paint from (the rest are decoded
    /// again when Cairo asks for them).
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

    init(baseDirectory: String, output: Output, keptBytesLimit: Int = ImageCache.keptVectorBytes) {
        self.baseDirectory = baseDirectory
        self.output = output
        self.keptBytesLimit = keptBytesLimit
    }

    deinit {
        placeholders = [:]
        for buffer in placeholderPixels { free(buffer.pointer) }
    }

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

    /// Decodes the images of a vector output (paths in the order their cells are painted)
    /// before any output exists, so a broken file fails the render with its name (the first
    /// broken one in that order). The files are decoded on up to `threads` threads; a PDF keeps
    /// the first ones while `keptBytesLimit` allows (decided from their headers, so the same
    /// ones whatever the threads).
    func check(_ paths: [String], threads: Int) throws {
        var files: [(key: String, resolved: String, path: String, keep: Bool)] = []
        var seen = Set<String>()
        for path in paths {
            let resolved = resolve(path)
            let key = key(resolved)
            guard seen.insert(key).inserted, images[key] == nil, placeholders[key] == nil, rasterSources[key] == nil else { continue }
            let size = try sizes[key] ?? CairoSurface.pngSize(path: resolved)
            sizes[key] = size
            var keep = output == .raster || output == .whole
            if output == .pdf, keptBytes + size.width * size.height * 4 <= keptBytesLimit {
                keptBytes += size.width * size.height * 4
                keep = true
            }
            files.append((key, resolved, path, keep))
        }
        guard !files.isEmpty else { return }
        let decoded = UnsafeMutablePointer<Result<(CairoSurface?, CairoSurface.Transparency), Error>>.allocate(capacity: files.count)
        decoded.initialize(repeating: .success((nil, .opaque)), count: files.count)
        defer { decoded.deinitialize(count: files.count); decoded.deallocate() }
        let slots = Unchecked(decoded), list = files, pdf = output == .pdf
        let workers = max(1, min(threads, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for i in Swift.stride(from: worker, to: list.count, by: workers) {
                slots.value[i] = Result {
                    let image = try CairoSurface.png(path: list[i].resolved)
                    guard list[i].keep else { return (nil, pdf ? image.transparency : .opaque) }
                    if pdf { try ImageCache.prepareForPDF(image, key: list[i].key) }
                    return (image, .opaque)
                }
            }
        }
        for (i, file) in files.enumerated() {
            let (image, transparency) = try decoded[i].get()
            if let image { images[file.key] = image }
            switch output {
            case .raster, .whole: break
            case .svg: _ = try placeholder(key: file.key, resolved: file.resolved)
            case .pdf:
                guard !file.keep else {
                    _ = try rasterSource(key: file.key, resolved: file.resolved)
                    continue
                }
                _ = try rasterSource(key: file.key, resolved: file.resolved, transparency: transparency)
                // The cells are checked in the order they are painted: each unkept image's
                // successor is the one to decode ahead (the last one's is the first).
                if let chain = lastUnkept {
                    unkept[chain.last]?.next = file.key
                    lastUnkept = (chain.first, file.key)
                } else {
                    lastUnkept = (file.key, file.key)
                }
                unkept[file.key] = (file.resolved, lastUnkept!.first)
            }
        }
    }

    /// What to paint for the image at `painted` device pixels (its size times the painting
    /// scale). For PNG: reduced to that size (rounded up) when smaller than the image, else the
    /// image itself; for SVG and PDF, the image at its own size as described above.
    func source(_ path: String, painted: (width: Double, height: Double)) throws -> ImageSource {
        let resolved = resolve(path)
        let key = key(resolved)
        switch output {
        case .svg: return .surface(try placeholder(key: key, resolved: resolved))
        case .pdf: return .pattern(try rasterSource(key: key, resolved: resolved))
        case .whole: return .surface(try image(path))
        case .raster: break
        }
        let own = try size(path)
        guard painted.width.isFinite, painted.height.isFinite else { return .surface(try image(path)) }
        let width = max(1, Int(painted.width.rounded(.up))), height = max(1, Int(painted.height.rounded(.up)))
        guard width < own.width || height < own.height else { return .surface(try image(path)) }
        let reducedKey = ReducedKey(file: key, width: min(width, own.width), height: min(height, own.height))
        if let image = reduced[reducedKey] { return .surface(image) }
        let image = try ImageCache.reduce(images[key] ?? CairoSurface.png(path: resolved), to: reducedKey, path: path)
        reduced[reducedKey] = image
        return .surface(image)
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

    /// An image cell of a PNG: its file and the device pixels it is painted at.
    struct Request {
        var path: String
        var painted: (width: Double, height: Double)
    }

    /// Decodes the images of a PNG (requests in the order their cells are painted) at the sizes
    /// they are painted, before any output exists, on up to `threads` threads: each file once,
    /// reduced to every size it is painted at. The error is the first broken cell's.
    func prepare(_ requests: [Request], threads: Int) throws {
        var files: [(key: String, resolved: String, path: String, whole: Bool, sizes: [ReducedKey])] = []
        var index: [String: Int] = [:]
        for request in requests {
            let resolved = resolve(request.path)
            let key = key(resolved)
            let own = try size(request.path)
            let p = request.painted
            var whole = true, reducedKey: ReducedKey?
            if p.width.isFinite, p.height.isFinite {
                let width = max(1, Int(p.width.rounded(.up))), height = max(1, Int(p.height.rounded(.up)))
                if width < own.width || height < own.height {
                    whole = false
                    reducedKey = ReducedKey(file: key, width: min(width, own.width), height: min(height, own.height))
                }
            }
            if whole ? images[key] != nil : reduced[reducedKey!] != nil { continue }
            let i = index[key] ?? files.count
            if i == files.count {
                index[key] = i
                files.append((key, resolved, request.path, false, []))
            }
            if whole { files[i].whole = true } else if !files[i].sizes.contains(reducedKey!) { files[i].sizes.append(reducedKey!) }
        }
        guard !files.isEmpty else { return }
        let made = UnsafeMutablePointer<Result<(CairoSurface?, [CairoSurface]), Error>>.allocate(capacity: files.count)
        made.initialize(repeating: .success((nil, [])), count: files.count)
        defer { made.deinitialize(count: files.count); made.deallocate() }
        let slots = Unchecked(made), list = files
        let workers = max(1, min(threads, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for i in Swift.stride(from: worker, to: list.count, by: workers) {
                slots.value[i] = Result {
                    let full = try CairoSurface.png(path: list[i].resolved)
                    let sizes = try list[i].sizes.map { try ImageCache.reduce(full, to: $0, path: list[i].path) }
                    return (list[i].whole ? full : nil, sizes)
                }
            }
        }
        for (i, file) in files.enumerated() {
            let (full, sizes) = try made[i].get()
            if let full { images[file.key] = full }
            for (key, image) in zip(file.sizes, sizes) { reduced[key] = image }
        }
    }

    // MARK: - SVG

    private func placeholder(key: String, resolved: String) throws -> CairoSurface {
        if let surface = placeholders[key] { return surface }
        let size = try sizes[key] ?? CairoSurface.pngSize(path: resolved)
        let tokens = self.tokens ?? SVGImageTokens()
        self.tokens = tokens
        let surface = try CairoSurface.placeholder(width: size.width, height: size.height, uri: tokens.token(for: resolved),
                                                   pixels: try zeroedPixels(CairoSurface.placeholderBytes(width: size.width, height: size.height)))
        placeholders[key] = surface
        return surface
    }

    /// Zeroed memory of at least `bytes`, shared by every placeholder that fits in it.
    private func zeroedPixels(_ bytes: Int) throws -> UnsafeMutableRawPointer {
        if let last = placeholderPixels.last, last.bytes >= bytes { return last.pointer }
        let size = max(bytes, 2 * (placeholderPixels.last?.bytes ?? 0))
        guard let pointer = calloc(size, 1) else { throw RenderError("out of memory for an image of \(bytes) bytes") }
        placeholderPixels.append((pointer, size))
        return pointer
    }

    // MARK: - PDF

    /// The image as a raster source. With `transparency` (an image not kept), Cairo's question
    /// whether the page has only opaque or on-off alpha is answered without decoding it.
    private func rasterSource(key: String, resolved: String, transparency: CairoSurface.Transparency? = nil) throws -> CairoRasterSource {
        if let source = rasterSources[key] { return source }
        let size = try sizes[key] ?? CairoSurface.pngSize(path: resolved)
        let probe = try transparency.map { kind in
            if let surface = transparencyProbes[kind] { return surface }
            let surface = try CairoSurface.transparencyProbe(kind)
            transparencyProbes[kind] = surface
            return surface
        }
        let source = try CairoRasterSource(width: size.width, height: size.height, probe: probe) { [unowned self] in
            self.decodedForPDF(key: key, resolved: resolved)
        }
        rasterSources[key] = source
        return source
    }

    /// The pixels Cairo asks for while writing a PDF: kept, asked for just before, decoded
    /// ahead (`ImagePrefetch`), or decoded now. Then the image painted after it is decoded ahead.
    private func decodedForPDF(key: String, resolved: String) -> CairoSurface? {
        if let image = images[key] { return image }
        if let last = lastDecoded, last.key == key { return last.image }
        let image: CairoSurface
        if let ahead = prefetch?.take(key) {
            image = ahead
        } else {
            do {
                image = try ImageCache.decodeForPDF(resolved, key: key)
            } catch {
                if failure == nil { failure = error }
                return nil
            }
        }
        lastDecoded = (key, image)
        var next = key
        for _ in 0..<ImagePrefetch.depth {
            guard let after = unkept[next]?.next, after != key, let file = unkept[after]?.resolved else { break }
            next = after
            if prefetch == nil { prefetch = ImagePrefetch() }
            prefetch?.start(after) { try? ImageCache.decodeForPDF(file, key: after) }
        }
        return image
    }

    private static func decodeForPDF(_ resolved: String, key: String) throws -> CairoSurface {
        let image = try CairoSurface.png(path: resolved)
        try prepareForPDF(image, key: key)
        return image
    }

    /// Marks the image as the same one each time Cairo gets it (so it is written once), and
    /// drops the copy of the file Cairo keeps with a decoded PNG (a PDF does not embed it).
    private static func prepareForPDF(_ image: CairoSurface, key: String) throws {
        try image.attach(mime: CAIRO_MIME_TYPE_UNIQUE_ID, "gridrender-image:\(key)")
        image.detach(mime: CAIRO_MIME_TYPE_PNG)
    }
}

/// What an image cell is painted from: pixels, or a pattern Cairo asks for pixels.
enum ImageSource {
    case surface(CairoSurface)
    case pattern(CairoRasterSource)

    var width: Int {
        switch self {
        case .surface(let s): s.width
        case .pattern(let p): p.width
        }
    }

    var height: Int {
        switch self {
        case .surface(let s): s.height
        case .pattern(let p): p.height
        }
    }
}
