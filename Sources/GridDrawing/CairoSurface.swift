import CCairo

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

    /// Decodes a PNG file. A missing or undecodable file is an error naming the path.
    static func png(path: String) throws -> CairoSurface {
        let surface = cairo_image_surface_create_from_png(path)
        if let surface, cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS {
            let status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            let reason = status == CAIRO_STATUS_FILE_NOT_FOUND ? "file not found"
                : status == CAIRO_STATUS_READ_ERROR ? "not a readable PNG image" : describe(status)
            throw RenderError("image \(path): \(reason)")
        }
        return try CairoSurface(surface, what: "image \(path)")
    }

    /// An SVG document `width`×`height` in px units (so it matches the PNG at scale 1).
    static func svg(width: Double, height: Double) throws -> CairoSurface {
        let sink = ByteSink()
        let surface = try CairoSurface(
            cairo_svg_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), width, height),
            sink: sink, what: "SVG surface")
        cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PX)
        return surface
    }

    /// A PDF document whose first page is `width`×`height` points, with fixed dates so the bytes
    /// do not depend on when it was made.
    static func pdf(width: Double, height: Double) throws -> CairoSurface {
        let sink = ByteSink()
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
        try checkStatus("finishing the document")
        guard let sink else { return [] }
        let bytes = sink.bytes
        sink.bytes = []
        return bytes
    }
}
