import CCairo

/// Owns one Cairo raster-source pattern: an image whose pixels Cairo asks for (`acquire`) only
/// while it needs them and hands back at once. A PDF page given image surfaces holds every one of
/// them until the page is written (400 photos: 1.4 GB); given raster sources, it holds none, and
/// the bytes are the same (the surfaces handed out carry a unique id, so an image painted twice
/// is still written once).
///
/// Cairo 1.16 also asks for the pixels while it analyses the page, only to learn whether the
/// image has alpha other than fully on or off (`_cairo_recording_surface_merge_source_attributes`,
/// with a 1×1 image as the target; nothing it writes depends on the answer for a PDF of
/// supported operations). Given a `probe`, a 1×1 image with the same kind of alpha
/// (`CairoSurface.transparencyProbe`), that question is answered without decoding the image.
///
/// Cairo copies the pattern (the page's recording, the PDF writer's list of images), and each
/// copy calls back with the same data: the provider is retained once per copy and released as
/// each is destroyed, so it lives as long as the last copy whatever this object's lifetime.
final class CairoRasterSource {
    let pointer: OpaquePointer
    let width: Int
    let height: Int
    /// The image file the pixels are decoded from, when there is one: the project's PDF writer
    /// embeds the file's own data (`PDFImageObjects`) instead of asking for pixels.
    var file: String?

    /// Hands out the image's pixels: an ARGB32 surface of `width`×`height`, or nil when they
    /// cannot be had (Cairo then gets a transparent image; the caller reports why). Its argument
    /// says whether a PDF surface asks (to paint the image or write it), not a rasterizer.
    final class Provider {
        let acquire: (_ forPDF: Bool) -> CairoSurface?
        let probe: CairoSurface?
        let width: Int, height: Int
        init(width: Int, height: Int, probe: CairoSurface?, acquire: @escaping (_ forPDF: Bool) -> CairoSurface?) {
            self.width = width
            self.height = height
            self.probe = probe
            self.acquire = acquire
        }
    }

    init(width: Int, height: Int, probe: CairoSurface? = nil, acquire: @escaping (_ forPDF: Bool) -> CairoSurface?) throws {
        let provider = Unmanaged.passRetained(Provider(width: width, height: height, probe: probe, acquire: acquire)).toOpaque()
        guard let pattern = cairo_pattern_create_raster_source(provider, CAIRO_CONTENT_COLOR_ALPHA, Int32(width), Int32(height)) else {
            Unmanaged<Provider>.fromOpaque(provider).release()
            throw RenderError("raster source \(width)×\(height): Cairo returned no pattern")
        }
        cairo_raster_source_pattern_set_acquire(pattern, CairoRasterSource.acquire, CairoRasterSource.release)
        cairo_raster_source_pattern_set_copy(pattern, CairoRasterSource.copy)
        cairo_raster_source_pattern_set_finish(pattern, CairoRasterSource.finish)
        pointer = pattern
        self.width = width
        self.height = height
    }

    deinit { cairo_pattern_destroy(pointer) }

    private static let acquire: cairo_raster_source_acquire_func_t = { _, data, target, _ in
        guard let data else { return nil }
        let provider = Unmanaged<Provider>.fromOpaque(data).takeUnretainedValue()
        if let probe = provider.probe, let target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
           cairo_image_surface_get_width(target) == 1, cairo_image_surface_get_height(target) == 1 {
            return cairo_surface_reference(probe.pointer)
        }
        let forPDF = target.map { cairo_surface_get_type($0) == CAIRO_SURFACE_TYPE_PDF } ?? false
        let surface = provider.acquire(forPDF) ?? (try? CairoSurface.image(width: provider.width, height: provider.height))
        guard let surface else { return nil }
        return cairo_surface_reference(surface.pointer)
    }

    private static let release: cairo_raster_source_release_func_t = { _, _, surface in
        cairo_surface_destroy(surface)
    }

    private static let copy: cairo_raster_source_copy_func_t = { _, data, _ in
        if let data { _ = Unmanaged<Provider>.fromOpaque(data).retain() }
        return CAIRO_STATUS_SUCCESS
    }

    private static let finish: cairo_raster_source_finish_func_t = { _, data in
        if let data { Unmanaged<Provider>.fromOpaque(data).release() }
    }
}
