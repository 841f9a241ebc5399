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
        Data(try encode(path: nil, compressionLevel: compressionLevel).bytes)
    }

    /// Writes the image as a PNG file atomically: rows are streamed to a temporary file in the
    /// destination directory, which is renamed over `path` only once complete, so a reader never
    /// sees a half-written reference image.
    public func writePNG(to path: String, compressionLevel: Int = 6) throws(ImageError) {
        try FileIO.atomically(path) { temporary throws(ImageError) in
            _ = try encode(path: temporary, compressionLevel: compressionLevel)
        }
    }

    private func encode(path: String?, compressionLevel: Int) throws(ImageError) -> PNGRowWriter {
        let writer = try PNGRowWriter(path: path, width: width, height: height, alpha: !isOpaque,
                                      compressionLevel: compressionLevel)
        try pixels.withUnsafeBufferPointer { buffer throws(ImageError) in
            try writer.write(buffer.baseAddress!, stride: width * 4, count: height)
        }
        try writer.finish()
        return writer
    }

    static func string(from message: [CChar], fallback: String) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? fallback : text
    }
}
