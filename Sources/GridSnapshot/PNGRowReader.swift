import CPNGCodec
import Foundation
import GridDocument

/// A PNG file decoded row by row to straight RGBA8 (CPNGCodec's stream reader, which keeps
/// libpng's setjmp error handling in C). Opening reads only the header, so the size can be
/// checked against a pixel budget and against the other image before any pixel is decoded: a
/// "PNG bomb" (a few KB declaring 32768×32768) costs nothing.
final class PNGRowReader {
    let path: String
    let width: Int
    let height: Int
    /// Adam7 files cannot be read row by row; `start` decodes them whole.
    let interlaced: Bool
    private let reader: OpaquePointer
    private var message = [CChar](repeating: 0, count: 512)

    init(path: String) throws(ImageError) {
        self.path = path
        // Only a regular file: libpng's fopen would block forever on a named pipe (SafeOpen).
        if let problem = SafeOpen.fileProblem(path) { throw ImageError(file: path, problem) }
        var message = [CChar](repeating: 0, count: 512)
        let opened = message.withUnsafeMutableBufferPointer { m in PathBytes.withCString(path) { grpng_reader_open($0, m.baseAddress, m.count) } }
        guard let opened else {
            throw ImageError(file: path, RGBAImage.string(from: message, fallback: "cannot read PNG"))
        }
        reader = opened
        var w: UInt32 = 0, h: UInt32 = 0, i: Int32 = 0
        grpng_reader_info(opened, &w, &h, &i)
        width = Int(w); height = Int(h); interlaced = i != 0
    }

    deinit { grpng_reader_close(reader) }

    var pixelCount: Int { width * height }

    /// Refuses an image with more pixels than `budget`, before anything is decoded.
    func check(budget: UInt64) throws(ImageError) {
        if UInt64(pixelCount) > budget {
            throw ImageError(file: path, "image too large: \(width)x\(height) is \(pixelCount) pixels, above the pixel budget of \(budget)")
        }
    }

    func start() throws(ImageError) {
        let status = message.withUnsafeMutableBufferPointer { grpng_reader_start(reader, $0.baseAddress, $0.count) }
        guard status == 0 else { throw ImageError(file: path, RGBAImage.string(from: message, fallback: "cannot decode PNG")) }
    }

    /// Decodes the next `rows` rows into `out`, `stride` bytes apart.
    func read(into out: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int) throws(ImageError) {
        let status = message.withUnsafeMutableBufferPointer {
            grpng_reader_read_rows(reader, out, stride, UInt32(rows), $0.baseAddress, $0.count)
        }
        guard status == 0 else { throw ImageError(file: path, RGBAImage.string(from: message, fallback: "cannot decode PNG")) }
    }
}

/// A PNG encoder fed straight RGBA rows (CPNGCodec's writer), to a file or into memory.
final class PNGRowWriter {
    private let writer: OpaquePointer
    private let path: String?
    private var message = [CChar](repeating: 0, count: 512)

    /// libpng's PNG_FILTER_NONE: no per-row filter search. The diff image is mostly flat grey,
    /// which deflates well unfiltered, and libpng's adaptive choice costs more than the deflate.
    static let filterNone: Int32 = 0x08

    /// `filter` is a libpng PNG_FILTER_* mask; 0 lets libpng choose per row.
    init(path: String?, width: Int, height: Int, alpha: Bool, compressionLevel: Int, filter: Int32 = 0) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw ImageError(file: path, "cannot encode an empty (\(width)x\(height)) image as PNG")
        }
        self.path = path
        var message = [CChar](repeating: 0, count: 512)
        let created = message.withUnsafeMutableBufferPointer { err in
            PathBytes.withOptionalCString(path) {
                grpng_writer_create($0, UInt32(width), UInt32(height), alpha ? 1 : 0, Int32(compressionLevel), filter,
                                    0, err.baseAddress, err.count)
            }
        }
        guard let created else {
            throw ImageError(file: path, RGBAImage.string(from: message, fallback: "cannot create PNG encoder"))
        }
        writer = created
    }

    deinit { grpng_writer_destroy(writer) }

    func write(_ rows: UnsafePointer<UInt8>, stride: Int, count: Int) throws(ImageError) {
        let status = message.withUnsafeMutableBufferPointer { err in
            grpng_writer_write_rgba(writer, rows, Int32(stride), UInt32(count), err.baseAddress, err.count)
        }
        guard status == 0 else { throw ImageError(file: path, RGBAImage.string(from: message, fallback: "PNG encoding failed")) }
    }

    func finish() throws(ImageError) {
        let status = message.withUnsafeMutableBufferPointer { err in grpng_writer_finish(writer, err.baseAddress, err.count) }
        guard status == 0 else { throw ImageError(file: path, RGBAImage.string(from: message, fallback: "PNG encoding failed")) }
    }

    /// The encoded bytes of an in-memory writer.
    var bytes: [UInt8] {
        var length = 0
        guard let pointer = grpng_writer_bytes(writer, &length) else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: length))
    }
}
