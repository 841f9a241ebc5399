import Testing
@testable import GridDocument

/// `PNGChunks`: a PNG file walked chunk by chunk, its header read and its IDAT data found,
/// every CRC checked unless asked not to.
@Suite struct PNGChunksTests {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(FileIO.crc32(body[...]))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let header = chunk("IHDR", be32(7) + be32(3) + [8, 2, 0, 0, 1])

    @Test func readsTheHeaderAndFindsThePixelData() throws {
        let file = Self.signature + Self.header + Self.chunk("tEXt", Array("a\u{0}b".utf8)) + Self.chunk("tRNS", [0, 1])
            + Self.chunk("IDAT", [1, 2, 3]) + Self.chunk("IDAT", [4, 5]) + Self.chunk("IEND", []) + Array("tail".utf8)
        let png = try PNGChunks.parse(file).get()
        #expect(png.width == 7 && png.height == 3 && png.bitDepth == 8 && png.colorType == 2 && png.interlaced)
        #expect(png.hasTransparencyChunk)
        #expect(png.pixelData.flatMap { file[$0] } == [1, 2, 3, 4, 5])
        #expect(png.end == file.count - 4 && Array(png.stream) == Array(file.dropLast(4)))
    }

    @Test func checksumsAreCheckedUnlessAskedNotTo() throws {
        var file = Self.signature + Self.header + Self.chunk("IDAT", [1, 2, 3]) + Self.chunk("IEND", [])
        file[Self.signature.count + Self.header.count + 8] ^= 0xFF  // the first IDAT byte
        #expect { try PNGChunks.parse(file).get() } throws: { "\($0)".contains("bad checksum in chunk IDAT") }
        #expect(try PNGChunks.parse(file, checksums: false).get().pixelData.count == 1)
    }

    @Test func refusesWhatIsNotAWholePNG() {
        let idat = Self.chunk("IDAT", [1]), end = Self.chunk("IEND", [])
        let cases: [([UInt8], String)] = [
            (Array("GIF89a".utf8), "not a PNG image"),
            (Self.signature + idat + Self.header + end, "not a PNG image"),
            (Self.signature + Self.header + end, "no pixel data"),
            (Self.signature + Self.header + idat, "no IEND"),
            (Array((Self.signature + Self.header + idat + end).dropLast(3)), "truncated"),
            (Self.signature + Self.chunk("IHDR", [0, 0, 0, 1]) + idat + end, "IHDR is 4 bytes"),
        ]
        for (file, reason) in cases {
            #expect { try PNGChunks.parse(file).get() } throws: { "\($0)".contains(reason) }
        }
    }
}
