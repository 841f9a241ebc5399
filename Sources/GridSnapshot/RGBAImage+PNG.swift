import CPNGCodec
import Foundation

/// PNG decoding and encoding through the CPNGCodec target, which keeps libpng's setjmp/longjmp
/// error handling in C (Swift cannot express it) and turns every libpng error into a message.
extension RGBAImage {
    /// Images larger than this are refused before any pixel memory is allocated, so a hostile or
    /// broken file cannot exhaust memory (2^30 pixels is 4 GiB of RGBA).
    public static let defaultMaxDecodedPixels: UInt64 = 1 << 30

    /// Decodes PNG bytes (any colour type or bit depth; palettes, grey, 16-bit and tRNS are
    /// expanded) to straight RGBA8. `file` only names the source in errors.
    public init(pngData: some Collection<UInt8>, file: String? = nil,
                maxPixels: UInt64 = RGBAImage.defaultMaxDecodedPixels) throws(ImageError) {
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let bytes = Array(pngData)
        let status = bytes.withUnsafeBufferPointer { buffer in
            message.withUnsafeMutableBufferPointer { err in
                grpng_decode(buffer.baseAddress, buffer.count, maxPixels,
                             &rgba, &width, &height, err.baseAddress, err.count)
            }
        }
        guard status == 0, let rgba else {
            throw ImageError(file: file, Self.string(from: message, fallback: "cannot decode PNG"))
        }
        defer { grpng_free(rgba) }
        let count = Int(width) * Int(height) * 4
        self.init(width: Int(width), height: Int(height),
                  pixels: Array(UnsafeBufferPointer(start: rgba, count: count)))
    }

    /// Reads and decodes a PNG file; a missing, unreadable or corrupt file is an error naming it.
    public init(contentsOfPNGFile path: String,
                maxPixels: UInt64 = RGBAImage.defaultMaxDecodedPixels) throws(ImageError) {
        let data = try FileIO.read(path)
        try self.init(pngData: data, file: path, maxPixels: maxPixels)
    }

    /// Encodes the image as PNG in memory: RGB when every pixel is opaque (smaller, and what the
    /// renderer writes), RGBA otherwise.
    public func pngData(compressionLevel: Int = 6) throws(ImageError) -> Data {
        try withWriter(path: nil, compressionLevel: compressionLevel) { writer throws(ImageError) in
            var length = 0
            guard let bytes = grpng_writer_bytes(writer, &length) else { return Data() }
            return Data(bytes: bytes, count: length)
        }
    }

    /// Writes the image as a PNG file atomically: rows are streamed to a temporary file in the
    /// destination directory, which is renamed over `path` only once complete, so a reader never
    /// sees a half-written reference image.
    public func writePNG(to path: String, compressionLevel: Int = 6) throws(ImageError) {
        try FileIO.atomically(path) { temporary throws(ImageError) in
            _ = try withWriter(path: temporary, compressionLevel: compressionLevel) { _ in () }
        }
    }

    private func withWriter<T>(path: String?, compressionLevel: Int,
                               _ body: (OpaquePointer) throws(ImageError) -> T) throws(ImageError) -> T {
        guard width > 0, height > 0 else {
            throw ImageError(file: path, "cannot encode an empty (\(width)x\(height)) image as PNG")
        }
        var message = [CChar](repeating: 0, count: 512)
        let alpha: Int32 = isOpaque ? 0 : 1
        let created = message.withUnsafeMutableBufferPointer { err in
            grpng_writer_create(path, UInt32(width), UInt32(height), alpha, Int32(compressionLevel), 0,
                                err.baseAddress, err.count)
        }
        guard let writer = created else {
            throw ImageError(file: path, Self.string(from: message, fallback: "cannot create PNG encoder"))
        }
        defer { grpng_writer_destroy(writer) }
        let status = pixels.withUnsafeBufferPointer { buffer in
            message.withUnsafeMutableBufferPointer { err -> Int32 in
                let written = grpng_writer_write_rgba(writer, buffer.baseAddress, Int32(width * 4),
                                                      UInt32(height), err.baseAddress, err.count)
                if written != 0 { return written }
                return grpng_writer_finish(writer, err.baseAddress, err.count)
            }
        }
        guard status == 0 else {
            throw ImageError(file: path, Self.string(from: message, fallback: "PNG encoding failed"))
        }
        return try body(writer)
    }

    static func string(from message: [CChar], fallback: String) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? fallback : text
    }
}
