import Foundation
import GridDocument

/// The image cells of an SVG, embedded as the document is written instead of held in it.
///
/// Cairo's SVG writer embeds an image as `xlink:href="data:image/png;base64,…"` from the PNG file
/// Cairo read (the bytes up to IEND), and holds every image's pixels and file bytes in the page it
/// records until the document ends: 400 photos took 2.2 GB. Here each image is painted from a
/// `CairoSurface.placeholder` whose link is a token; `copy(_:to:)` replaces each token with the
/// same `data:` URI, read from the file as the token passes on its way to the output. The
/// document's bytes are the same as Cairo's, and memory holds one file at a time.
///
/// A token is `gridrender-image-<nonce>-<index>`, the nonce random for each render: no text of
/// the document can be taken for a token, and no token reaches the output.
final class SVGImageTokens: OutputFilter {
    private let prefix: [UInt8]
    /// The file of token `i`.
    private var paths: [String] = []
    /// The end of the last part, when it may be the start of a token.
    private var pending: [UInt8] = []

    init() {
        var generator = SystemRandomNumberGenerator()
        let nonce = String(generator.next() as UInt64, radix: 16) + String(generator.next() as UInt64, radix: 16)
        prefix = Array("gridrender-image-\(nonce)-".utf8)
    }

    /// The token standing for the PNG file at `path` (resolved).
    func token(for path: String) -> String {
        paths.append(path)
        return String(decoding: prefix, as: UTF8.self) + String(paths.count - 1)
    }

    /// Passes `part` to `write` with every token replaced by its image's `data:` URI. A part
    /// may end inside a token: its start waits for the next part, or for `finish`.
    func copy(_ part: UnsafeRawBufferPointer, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        // No token made, none to find: a scan would stop at every `g` of the document's ids
        // (the prefix's first letter), some 30 ms for a 20 MB table.
        if paths.isEmpty, pending.isEmpty { return try write(part) }
        if pending.isEmpty { return try scan(part, to: write) }
        let joined = pending + part
        pending = []
        try joined.withUnsafeBytes { try scan($0, to: write) }
    }

    /// Writes what the last part held back.
    func finish(to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        let rest = pending
        pending = []
        try rest.withUnsafeBytes { try write($0) }
    }

    private func scan(_ bytes: UnsafeRawBufferPointer, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var start = 0
        while start < bytes.count {
            guard let at = ByteSearch.find(prefix, in: bytes, from: start) else { break }
            var end = at + prefix.count, index = 0
            while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39, index < paths.count {
                index = index * 10 + Int(bytes[end] - 0x30)
                end += 1
            }
            if end == bytes.count {
                // The token's digits may go on in the next part.
                try write(UnsafeRawBufferPointer(rebasing: bytes[start..<at]))
                pending = Array(bytes[at...])
                return
            }
            try write(UnsafeRawBufferPointer(rebasing: bytes[start..<at]))
            guard end > at + prefix.count, index < paths.count else {
                throw RenderError("SVG: an image link is not one this render made")
            }
            try writeDataURI(paths[index], to: write)
            start = end
        }
        // Hold back an end that could be the start of a token.
        let keep = ByteSearch.partialEnd(of: UnsafeRawBufferPointer(rebasing: bytes[start...]), beginning: prefix)
        try write(UnsafeRawBufferPointer(rebasing: bytes[start..<(bytes.count - keep)]))
        pending = Array(bytes[(bytes.count - keep)...])
    }

    private func writeDataURI(_ path: String, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        let png: ArraySlice<UInt8>
        // Checked before painting (every CRC, and decoded or its rows inflated): read to copy.
        switch FileIO.pngStream(path, checksums: false) {
        case .success(let bytes): png = bytes
        case .failure(let e): throw RenderError("image \(path): \(e.reason)", badInput: true)
        }
        try Array("data:image/png;base64,".utf8).withUnsafeBytes { try write($0) }
        // In pieces of 48 KiB, a multiple of 3 bytes: their base64 joins without padding, and no
        // copy of the whole file's 4/3 is made.
        var at = png.startIndex
        while at < png.endIndex {
            let end = min(at + 3 << 14, png.endIndex)
            try Data(png[at..<end]).base64EncodedData().withUnsafeBytes { try write($0) }
            at = end
        }
    }
}
