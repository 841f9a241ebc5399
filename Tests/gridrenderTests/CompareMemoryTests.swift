import Foundation
import GridSnapshot
import Testing

/// `compare` in bounded memory: pixel budgets and sizes are checked from the PNG headers before
/// any pixel is decoded, and images are compared row by row. Each run is a child process under
/// `ulimit -v` (virtual memory), so an allocation of the whole image would fail the run instead
/// of passing unnoticed.
@Suite struct CompareMemoryTests {
    /// 300 MiB of address space: the binary alone needs about 100 MiB; two decoded 20-megapixel
    /// images would need 160 MiB more, their classes and a diff image several times that.
    static let limitKiB = 300 * 1024

    static func limited(_ arguments: [String], in directory: String) throws -> CLI.Run {
        let binary = try #require(CLI.binary).path
        let quoted = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try CLI.run(["-c", "ulimit -v \(limitKiB); exec \(quoted.joined(separator: " "))"], in: directory,
                           executable: "/bin/sh")
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body = Array(type.utf8) + data
        return be(UInt32(data.count)) + body + be(crc32(body))
    }

    /// A "PNG bomb": a valid header declaring `width`×`height` RGBA and a few bytes of image data.
    static func bomb(width: UInt32, height: UInt32) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr = chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
        // A zlib stream holding one stored block of 64 zero bytes, then nothing: truncated.
        let idat = chunk("IDAT", [0x78, 0x01, 0x00, 0x40, 0x00, 0xBF, 0xFF] + [UInt8](repeating: 0, count: 64))
        return Data(signature + ihdr + idat + chunk("IEND", []))
    }

    @Test func bombIsRefusedBeforeDecoding() throws {
        let dir = try CLI.scratch("compare-bomb")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bomb = Self.bomb(width: 32768, height: 32768)
        #expect(bomb.count < 200)
        try bomb.write(to: URL(fileURLWithPath: dir + "/bomb.png"))
        try bomb.write(to: URL(fileURLWithPath: dir + "/bomb2.png"))
        try RGBAImage(width: 8, height: 8, fill: RGBA(255, 255, 255)).writePNG(to: dir + "/small.png")

        // Over the default budget of 400 million pixels: refused from the header.
        let refused = try Self.limited(["compare", "bomb.png", "bomb2.png"], in: dir)
        CLI.expectOneErrorLine(refused, containing: ["bomb.png: image too large: 32768x32768 is 1073741824 pixels, above the pixel budget of 400000000"])
        // With the budget raised, the sizes differ from the headers alone: nothing is decoded.
        let mismatch = try Self.limited(["compare", "small.png", "bomb.png", "--max-image-pixels", "2000000000"], in: dir)
        #expect(mismatch.status == 1, "\(mismatch.stderr)")
        #expect(mismatch.stdout.contains("size mismatch: expected 8x8, actual 32768x32768"))
        // Two bombs of the same size: decoding starts, row by row, and fails on the missing data
        // with one error line instead of allocating 4 GiB per image.
        let decoded = try Self.limited(["compare", "bomb.png", "bomb2.png", "--max-image-pixels", "2000000000", "--diff", "d.png"], in: dir)
        CLI.expectOneErrorLine(decoded, containing: ["bomb.png: corrupt PNG"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/d.png"))
        // A budget below the image size refuses an ordinary image too.
        let small = try Self.limited(["compare", "small.png", "small.png", "--max-image-pixels", "63"], in: dir)
        CLI.expectOneErrorLine(small, containing: ["small.png: image too large: 8x8 is 64 pixels, above the pixel budget of 63"])
    }

    /// Two 5000×4000 images (20 megapixels, 80 MB decoded each) with a changed block, compared
    /// inside 300 MiB of address space. (The diff image is streamed the same way; painting 60
    /// million diff pixels takes too long in a debug build for a unit test: `make bench` times it.)
    @Test func largeImagesAreComparedRowByRow() throws {
        let dir = try CLI.scratch("compare-large")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let width = 5000, height = 4000
        // Built from whole rows (a pixel-by-pixel loop over 20 million pixels is slow in debug).
        let plain = [UInt8](repeating: 250, count: width * 4), rule = [UInt8]((0 ..< width).flatMap { _ in [200, 200, 210, 255] as [UInt8] })
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0 ..< height { pixels += y % 40 == 0 ? rule : plain }
        try RGBAImage(width: width, height: height, pixels: pixels).writePNG(to: dir + "/a.png", compressionLevel: 1)
        for y in 3000 ..< 3010 {
            let start = (y * width + 4000) * 4
            pixels.replaceSubrange(start ..< start + 80, with: [UInt8]((0 ..< 20).flatMap { _ in [20, 20, 20, 255] as [UInt8] }))
        }
        try RGBAImage(width: width, height: height, pixels: pixels).writePNG(to: dir + "/b.png", compressionLevel: 1)
        let run = try Self.limited(["compare", "a.png", "b.png", "--json"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["differingPixels"] as? Int == 200)
        #expect((object["differingBounds"] as? [String: Int]) == ["x": 4000, "y": 3000, "width": 20, "height": 10])
    }
}
