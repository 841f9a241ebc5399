import CPNGCodec
import Foundation
import Testing
@testable import GridSnapshot

/// The C encoder's Cairo path (premultiplied native-endian ARGB32), checked through the decoder.
@Suite struct PNGWriterTests {
    func encodeARGB32(_ words: [UInt32], width: Int) throws -> RGBAImage {
        var err = [CChar](repeating: 0, count: 256)
        let writer = try #require(grpng_writer_create(nil, UInt32(width), UInt32(words.count / width), 1, 6, 0, 0, &err, err.count))
        defer { grpng_writer_destroy(writer) }
        let status = words.withUnsafeBytes { raw in
            grpng_writer_write_argb32(writer, raw.bindMemory(to: UInt8.self).baseAddress, Int32(width * 4),
                                      UInt32(words.count / width), &err, err.count)
        }
        #expect(status == 0)
        #expect(grpng_writer_finish(writer, &err, err.count) == 0)
        var length = 0
        let bytes = try #require(grpng_writer_bytes(writer, &length))
        return try RGBAImage(pngData: Data(bytes: bytes, count: length))
    }

    @Test func unpremultipliesAndClampsInvalidPixels() throws {
        let image = try encodeARGB32([
            0xFF_10_20_30,  // opaque
            0x80_40_00_80,  // half alpha: 0x40*255/128 ≈ 128 (rounded), 0x80 → 255
            0x00_00_00_00,  // transparent
            0x64_C8_00_00,  // invalid: red 200 above alpha 100 → clamped to 255, not wrapped
        ], width: 4)
        #expect(image[0, 0] == RGBA(0x10, 0x20, 0x30, 255))
        #expect(image[1, 0] == RGBA(128, 0, 255, 128))
        #expect(image[2, 0] == RGBA(0, 0, 0, 0))
        #expect(image[3, 0] == RGBA(255, 0, 0, 100))
    }

    @Test func refusesTooManyRows() throws {
        var err = [CChar](repeating: 0, count: 256)
        let writer = try #require(grpng_writer_create(nil, 2, 1, 0, 6, 0, 0, &err, err.count))
        defer { grpng_writer_destroy(writer) }
        let rows = [UInt8](repeating: 0, count: 16)
        #expect(grpng_writer_write_rgba(writer, rows, 8, 2, &err, err.count) != 0)
        #expect(RGBAImage.string(from: err, fallback: "") == "more rows than the image height")
        #expect(grpng_writer_finish(writer, &err, err.count) != 0)
        #expect(RGBAImage.string(from: err, fallback: "") == "image incomplete: 0 of 1 rows")
    }
}
