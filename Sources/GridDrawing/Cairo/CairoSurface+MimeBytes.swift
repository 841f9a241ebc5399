#if canImport(Glibc)
import Glibc
#endif
import CCairo

extension CairoSurface {
    /// Attaches `bytes` as the surface's data of MIME type `type` (a copy Cairo frees): a
    /// colour glyph's PNG, which Cairo's SVG writer embeds instead of encoding the pixels again.
    func attach(mime type: String, bytes: [UInt8]) throws {
        guard let copy = malloc(max(1, bytes.count)) else { throw RenderError("out of memory") }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let status = cairo_surface_set_mime_data(pointer, type, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), free, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            free(copy)
            throw RenderError("attaching \(type): \(CairoSurface.describe(status))")
        }
    }
}
