/// A PNG file walked chunk by chunk (length, type, data, CRC-32) from its signature to IEND,
/// every CRC-32 checked: what a decoder reads of it, its header, and where its compressed pixel
/// data lies. Nothing is decoded.
///
/// Used to embed a file as it is: an SVG takes the bytes up to IEND (what Cairo's SVG writer
/// embeds), a PDF takes the IDAT data of an opaque RGB, grey or palette file (`PDFImagePassthrough`).
package struct PNGChunks {
    /// The whole file as read.
    package let bytes: [UInt8]
    /// The end of the IEND chunk: bytes after it are not part of the image.
    package let end: Int
    package let width: Int
    package let height: Int
    package let bitDepth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGB and alpha.
    package let colorType: Int
    package let interlaced: Bool
    /// Whether a tRNS chunk makes some colour transparent.
    package let hasTransparencyChunk: Bool
    /// The data of the PLTE chunk (RGB triples) when there is exactly one and it comes before
    /// the pixel data, as a decoder requires; nil without one, or with one out of place.
    package let palette: Range<Int>?
    /// The data of the IDAT chunks, in order: together, the zlib stream of the filtered rows.
    package let pixelData: [Range<Int>]

    /// The file's bytes up to the end of IEND.
    package var stream: ArraySlice<UInt8> { bytes[0..<end] }

    /// Reads and walks the file at `path`, or says why it is not a whole PNG file. Without
    /// `checksums`, the CRCs are not computed: for a file checked before (the output reads each
    /// image file again only to copy it).
    package static func read(_ path: String, checksums: Bool = true) -> Result<PNGChunks, FileIOError> {
        switch FileIO.read(path) {
        case .success(let bytes): return PNGChunks.parse(bytes, checksums: checksums)
        case .failure(let e): return .failure(e)
        }
    }

    /// Walks `bytes` as a PNG file.
    package static func parse(_ bytes: [UInt8], checksums: Bool = true) -> Result<PNGChunks, FileIOError> {
        func fail(_ reason: String) -> Result<PNGChunks, FileIOError> { .failure(FileIOError(reason: reason)) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return fail("not a PNG image") }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var header: (width: Int, height: Int, depth: Int, color: Int, interlaced: Bool)?
        var transparency = false
        var palettes: [Range<Int>] = [], paletteFirst = false
        var data: [Range<Int>] = []
        while true {
            guard offset + 12 <= bytes.count else { return fail("the PNG image is truncated (no IEND chunk)") }
            let length = be32(offset)
            guard length <= bytes.count - offset - 12 else { return fail("the PNG image is truncated") }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8..<offset + 8 + length
            let stored = UInt32(be32(body.upperBound))
            guard !checksums || FileIO.crc32(bytes[offset + 4..<body.upperBound]) == stored else {
                return fail("the PNG image is corrupt (bad checksum in chunk \(type))")
            }
            switch type {
            case "IHDR" where offset == 8:
                guard length == 13 else { return fail("the PNG image is corrupt (IHDR is \(length) bytes)") }
                header = (be32(body.lowerBound), be32(body.lowerBound + 4), Int(bytes[body.lowerBound + 8]),
                          Int(bytes[body.lowerBound + 9]), bytes[body.lowerBound + 12] != 0)
            case "tRNS": transparency = true
            case "PLTE":
                palettes.append(body)
                paletteFirst = data.isEmpty
            case "IDAT": data.append(body)
            case "IEND":
                guard let header else { return fail("not a PNG image") }
                guard !data.isEmpty else { return fail("the PNG image has no pixel data") }
                return .success(PNGChunks(bytes: bytes, end: body.upperBound + 4, width: header.width, height: header.height,
                                          bitDepth: header.depth, colorType: header.color, interlaced: header.interlaced,
                                          hasTransparencyChunk: transparency,
                                          palette: palettes.count == 1 && paletteFirst ? palettes[0] : nil, pixelData: data))
            default: break
            }
            guard header != nil else { return fail("not a PNG image") }
            offset = body.upperBound + 4
        }
    }
}
