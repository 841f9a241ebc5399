#if canImport(Glibc)
import Glibc
#endif
import CCairo
import GridDocument

/// Owns one `cairo_surface_t`: an ARGB32 image (PNG bands), or an SVG or PDF stream into memory.
/// Every constructor checks the surface status, because Cairo reports failures (such as an image
/// over 32767 px, CAIRO_STATUS_INVALID_SIZE) through a valid-looking "nil surface", not a null pointer.
final class CairoSurface {
    /// The largest image surface side Cairo accepts.
    static let maxImageSide = 32767

    let pointer: OpaquePointer
    /// The stream sink of SVG/PDF surfaces; Cairo writes into it until `finish()`.
    private let sink: ByteSink?

    private init(_ pointer: OpaquePointer?, sink: ByteSink? = nil, what: String) throws {
        guard let pointer else { throw RenderError("\(what): Cairo returned no surface") }
        let status = cairo_surface_status(pointer)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(pointer)
            throw RenderError("\(what): \(CairoSurface.describe(status))")
        }
        self.pointer = pointer
        self.sink = sink
    }

    deinit { cairo_surface_destroy(pointer) }

    static func describe(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }

    private static func checkImageSize(_ width: Int, _ height: Int) throws {
        guard width > 0, height > 0, width <= maxImageSide, height <= maxImageSide else {
            throw RenderError("image surface \(width)×\(height) px is outside Cairo's 1…\(maxImageSide) px limit")
        }
    }

    /// An ARGB32 surface drawing into memory the caller owns (`stride` may be wider than `width`,
    /// which is how a band wider than 32767 px is painted as side-by-side tiles of one buffer).
    static func image(wrapping data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> CairoSurface {
        try checkImageSize(width, height)
        return try CairoSurface(cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride)),
                                what: "image surface \(width)×\(height)")
    }

    /// An ARGB32 surface Cairo owns, its premultiplied pixels written by `fill` (row `y`,
    /// `width` pixels as native-endian 0xAARRGGBB) before Cairo reads them: a computed image
    /// such as the selection glow.
    static func image(width: Int, height: Int, fill: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt32>) -> Void) throws -> CairoSurface {
        try checkImageSize(width, height)
        let surface = try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                                       what: "image surface \(width)×\(height)")
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw RenderError("image surface \(width)×\(height): no pixels") }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        for y in 0..<height {
            data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) {
                fill(y, UnsafeMutableBufferPointer(start: $0, count: width))
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        return surface
    }

    /// True for SVG and PDF surfaces (device units are points), false for images (pixels).
    var isVector: Bool {
        let type = cairo_surface_get_type(pointer)
        return type == CAIRO_SURFACE_TYPE_SVG || type == CAIRO_SURFACE_TYPE_PDF
    }

    /// The most pixels a cell image may have (64 Mi: 256 MiB decoded), checked from the PNG
    /// header before Cairo allocates anything.
    static let maxCellImagePixels = 1 << 26

    /// Decodes a PNG file. A missing, undecodable or oversized file is a bad-input error naming
    /// the path; the size comes from the header, so a giant image is refused before decoding.
    static func png(path: String) throws -> CairoSurface {
        try checkPNGHeader(path)
        let surface = PathBytes.withCString(path) { cairo_image_surface_create_from_png($0) }
        if let surface, cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS {
            let status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            // Cairo reports libpng's decoding errors as READ_ERROR or NO_MEMORY; the size was
            // checked above, so neither means the machine ran out of memory.
            let reason = status == CAIRO_STATUS_FILE_NOT_FOUND ? "file not found"
                : status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_NO_MEMORY ? "cannot decode the PNG image"
                : describe(status)
            throw RenderError("image \(path): \(reason)", badInput: true)
        }
        do {
            return try CairoSurface(surface, what: "image \(path)")
        } catch {
            throw RenderError("\(error)", badInput: true)
        }
    }

    /// An ARGB32 surface of its own memory, cleared to transparent.
    static func image(width: Int, height: Int) throws -> CairoSurface {
        try checkImageSize(width, height)
        return try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                                what: "image surface \(width)×\(height)")
    }

    /// The size of the PNG at `path` from its header, after the checks `png(path:)` makes.
    static func pngSize(path: String) throws -> (width: Int, height: Int) {
        try checkPNGHeader(path)
    }

    /// Reads the signature and IHDR chunk (the first 24 bytes) and refuses what is not a PNG
    /// or is larger than `maxCellImagePixels`; returns the size.
    @discardableResult
    private static func checkPNGHeader(_ path: String) throws -> (width: Int, height: Int) {
        // SafeOpen: a named pipe or device in place of the image is refused, not waited on.
        let fd: Int32
        switch SafeOpen.regularFile(path) {
        case .success(let d): fd = d
        case .failure(let e): throw RenderError("image \(path): \(e.reason == "no such file" ? "file not found" : e.reason)", badInput: true)
        }
        guard let file = fdopen(fd, "rb") else {
            close(fd)
            throw RenderError("image \(path): \(String(cString: strerror(errno)))", badInput: true)
        }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 24)
        let count = fread(&header, 1, 24, file)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard count == 24, Array(header[0..<8]) == signature, Array(header[12..<16]) == Array("IHDR".utf8) else {
            throw RenderError("image \(path): not a PNG image", badInput: true)
        }
        func be32(_ i: Int) -> Int { header[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        guard width > 0, height > 0, width <= maxImageSide, height <= maxImageSide, width * height <= maxCellImagePixels else {
            throw RenderError("image \(path): \(width)×\(height) px is too large for a cell image (at most \(maxImageSide) px per side and \(maxCellImagePixels) px in all)", badInput: true)
        }
        return (width, height)
    }

    /// A stand-in for an image in an SVG document: `width`×`height` 1-bit pixels that are never
    /// read (from `pixels`, zeroed memory of at least `placeholderBytes` that the caller keeps
    /// alive), with `uri` as the image's link. Cairo's SVG writer takes an image's size from the
    /// surface and, given a URI, writes `xlink:href="uri"` instead of encoding the pixels; the
    /// URI is a token that `SVGImageTokens` replaces with the PNG data as the file is written.
    static func placeholder(width: Int, height: Int, uri: String, pixels: UnsafeMutableRawPointer) throws -> CairoSurface {
        let surface = try standIn(CAIRO_FORMAT_A1, width: width, height: height, pixels: pixels)
        try surface.attach(mime: CAIRO_MIME_TYPE_URI, uri)
        return surface
    }

    /// The bytes a `placeholder(width:height:…)` surface reads from.
    static func placeholderBytes(width: Int, height: Int) -> Int { standInBytes(CAIRO_FORMAT_A1, width: width, height: height) }

    /// A stand-in for an opaque image in a PDF document: `width`×`height` black RGB pixels read
    /// from `pixels`, zeroed memory of at least `blankBytes` that the caller keeps alive.
    /// Cairo takes the image's size from it while painting and writes it as a small 1-bit
    /// image, which `PDFImagePassthrough` replaces with the file's own data.
    static func blank(width: Int, height: Int, pixels: UnsafeMutableRawPointer) throws -> CairoSurface {
        try standIn(CAIRO_FORMAT_RGB24, width: width, height: height, pixels: pixels)
    }

    /// The bytes a `blank(width:height:pixels:)` surface reads from.
    static func blankBytes(width: Int, height: Int) -> Int { standInBytes(CAIRO_FORMAT_RGB24, width: width, height: height) }

    /// An image surface of `format` over the caller's `pixels` (`standInBytes` of them).
    private static func standIn(_ format: cairo_format_t, width: Int, height: Int, pixels: UnsafeMutableRawPointer) throws -> CairoSurface {
        try checkImageSize(width, height)
        return try CairoSurface(
            cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height),
                                                cairo_format_stride_for_width(format, Int32(width))),
            what: "image placeholder \(width)×\(height)")
    }

    private static func standInBytes(_ format: cairo_format_t, width: Int, height: Int) -> Int {
        Int(cairo_format_stride_for_width(format, Int32(width))) * height
    }

    /// Attaches `value` as the surface's data of MIME type `type` (a copy Cairo frees).
    func attach(mime type: String, _ value: String) throws {
        let bytes = Array(value.utf8)
        guard let copy = malloc(max(1, bytes.count)) else { throw RenderError("out of memory") }
        copy.copyMemory(from: bytes, byteCount: bytes.count)
        let status = cairo_surface_set_mime_data(pointer, type, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), free, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            free(copy)
            throw RenderError("attaching \(type): \(CairoSurface.describe(status))")
        }
    }

    /// What alpha an image has, as Cairo tells it apart.
    enum Transparency: Hashable {
        case opaque
        /// Every pixel fully transparent or fully opaque.
        case bilevel
        case alpha
    }

    /// The image's alpha: opaque without an alpha channel, else from its pixels.
    var transparency: Transparency {
        guard cairo_image_surface_get_format(pointer) == CAIRO_FORMAT_ARGB32 else { return .opaque }
        flush()
        guard let data = cairo_image_surface_get_data(pointer) else { return .alpha }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        var kind = Transparency.opaque
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let a = row[x] >> 24
                if a == 0 { kind = .bilevel } else if a != 255 { return .alpha }
            }
        }
        return kind
    }

    /// A 1×1 image with the given kind of alpha (`CairoRasterSource`'s probe).
    static func transparencyProbe(_ kind: Transparency) throws -> CairoSurface {
        let format = kind == .opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let surface = try CairoSurface(cairo_image_surface_create(format, 1, 1), what: "image surface 1×1")
        let pixel: UInt32 = switch kind {
        case .opaque: 0xFF00_0000
        case .bilevel: 0
        case .alpha: 0x8000_0000
        }
        surface.flush()
        cairo_image_surface_get_data(surface.pointer)?.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = pixel }
        cairo_surface_mark_dirty(surface.pointer)
        return surface
    }

    /// Removes the surface's data of MIME type `type`.
    func detach(mime type: String) {
        cairo_surface_set_mime_data(pointer, type, nil, 0, nil, nil)
    }

    /// An SVG or PDF page must have an area: a document of zero width or height is refused as
    /// a PNG of no pixels is (readers refuse it: rsvg-convert "has no dimensions").
    private static func checkVectorSize(_ width: Double, _ height: Double) throws {
        guard width > 0, height > 0 else {
            func text(_ v: Double) -> String { v.isFinite && abs(v) < 1e15 ? String(Int(v.rounded(.up))) : String(v) }
            throw RenderError("canvas \(text(width))×\(text(height)) pt is empty", badInput: true)
        }
    }

    /// An SVG document `width`×`height` in px units (so it matches the PNG at scale 1).
    static func svg(width: Double, height: Double) throws -> CairoSurface {
        try checkVectorSize(width, height)
        let sink = ByteSink()
        let surface = try CairoSurface(
            cairo_svg_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), width, height),
            sink: sink, what: "SVG surface")
        cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PX)
        return surface
    }

    /// A PDF document whose first page is `width`×`height` points, with fixed dates so the bytes
    /// do not depend on when it was made. Written into `output` as Cairo makes it when given
    /// (`finish()` then returns nothing), else into memory. On its way to an output, what Cairo
    /// 1.16 writes wrong is repaired: resources listed twice (`PDFResourceDuplicates`) and objects
    /// listed but never written (`PDFCrossReferenceRepair`).
    static func pdf(width: Double, height: Double, output: OutputSink? = nil) throws -> CairoSurface {
        try checkVectorSize(width, height)
        output?.documentFilters = [PDFResourceDuplicates(), PDFCrossReferenceRepair()]
        let sink = ByteSink(forwardingTo: output)
        let surface = try CairoSurface(
            cairo_pdf_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), width, height),
            sink: sink, what: "PDF surface")
        let fixedDate = "2000-01-01T00:00:00Z"
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, fixedDate)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_MOD_DATE, fixedDate)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "gridrender")
        return surface
    }

    var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    var height: Int { Int(cairo_image_surface_get_height(pointer)) }

    func flush() { cairo_surface_flush(pointer) }

    func checkStatus(_ what: String) throws {
        let status = cairo_surface_status(pointer)
        if status != CAIRO_STATUS_SUCCESS { throw RenderError("\(what): \(CairoSurface.describe(status))") }
    }

    /// Finishes the document and returns what a stream surface wrote (empty for images).
    func finish() throws -> [UInt8] {
        cairo_surface_finish(pointer)
        if let error = sink?.failure { throw error }
        try checkStatus("finishing the document")
        guard let sink else { return [] }
        let bytes = sink.bytes
        sink.bytes = []
        return bytes
    }
}
