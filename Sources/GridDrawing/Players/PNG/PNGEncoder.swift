import CPNGCodec
import GridDocument

/// Owns one streaming libpng encoder (`grpng_writer`, in C because of libpng's setjmp/longjmp):
/// rows go in band by band, so memory does not grow with the image height.
final class PNGEncoder {
    private let writer: OpaquePointer

    /// Writes to `path`, or into memory when `path` is nil. `alpha` false writes RGB.
    /// `pixelsPerPoint`: the render's scale, recorded in `pHYs` (`PNGResolution`).
    init(path: String?, width: Int, height: Int, alpha: Bool, level: Int, filter: Int32, pixelsPerPoint: Double) throws {
        var err = [CChar](repeating: 0, count: 256)
        let ppm = PNGResolution.pixelsPerMetre(pixelsPerPoint)
        let made: OpaquePointer? = if let path {
            PathBytes.withCString(path) { grpng_writer_create($0, UInt32(width), UInt32(height), alpha ? 1 : 0, Int32(level), filter, ppm, &err, err.count) }
        } else {
            grpng_writer_create(nil, UInt32(width), UInt32(height), alpha ? 1 : 0, Int32(level), filter, ppm, &err, err.count)
        }
        guard let made else { throw RenderError("PNG: \(err.nulTerminatedString)") }
        writer = made
    }

    deinit { grpng_writer_destroy(writer) }

    /// Appends `rows` rows of Cairo ARGB32 pixels.
    func write(argb32 data: UnsafePointer<UInt8>, stride: Int, rows: Int) throws {
        var err = [CChar](repeating: 0, count: 256)
        if grpng_writer_write_argb32(writer, data, Int32(stride), UInt32(rows), &err, err.count) != 0 {
            throw RenderError("PNG: \(err.nulTerminatedString)")
        }
    }

    /// Ends the image; returns the bytes of an in-memory encoder (empty when writing a file).
    func finish() throws -> [UInt8] {
        var err = [CChar](repeating: 0, count: 256)
        if grpng_writer_finish(writer, &err, err.count) != 0 { throw RenderError("PNG: \(err.nulTerminatedString)") }
        var length = 0
        guard let bytes = grpng_writer_bytes(writer, &length), length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }
}

extension Array where Element == CChar {
    /// The text of a NUL-terminated C message buffer (the codec's `err` out-parameters).
    var nulTerminatedString: String {
        String(decoding: prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
