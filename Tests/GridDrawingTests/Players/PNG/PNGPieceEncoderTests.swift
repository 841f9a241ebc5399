import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The zlib stream compressed in pieces on several threads: the same bytes for any thread count,
/// and a stream that independent decoders (libpng, Python's zlib) read back to the painted pixels.
@Suite struct PNGPieceEncoderTests {
    /// A table tall enough for several bands and dozens of pieces, with text in every row.
    static func tallTable(rows: Int = 700, background: Color = .white) -> PreparedGrid {
        let cells: [[CellContent]] = [[.text("#"), .text("Name"), .text("Value")]]
            + (1...rows).map { [.text(String($0)), .text("row \($0) of \(rows)"), .text(String($0 * 7919 % 1000))] }
        return makeTable(cells, columnWidths: [.fixed(40), .fixed(160), .fixed(60)], rowHeight: 20,
                         styler: { row, _ in
            var style = ResolvedStyle()
            style.background = row % 2 == 0 ? background : Color(hex: 0xdde4ee)
            return style
        })
    }

    /// The PNG's chunks as (type, data).
    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let length = png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[i + 4..<i + 8], as: UTF8.self)
            out.append((type, Array(png[i + 8..<i + 8 + length])))
            i += 12 + length
        }
        return out
    }

    static func render(_ grid: PreparedGrid, threads: Int, maxBandRows: Int = RenderJob.maxBandRows) throws -> [UInt8] {
        let options = RenderOptions(paintThreads: threads)
        return try RenderJob(grid, options: options).png(path: nil, options: options, maxBandRows: maxBandRows)
    }

    @Test(arguments: [false, true])
    func bytesAreTheSameForAnyThreadCount(transparent: Bool) throws {
        let grid = Self.tallTable(background: transparent ? Color(red: 1, green: 1, blue: 1, alpha: 0.5) : .white)
        // Bands of 1000 rows: several bands, each compressed by the thread that painted it.
        let one = try Self.render(grid, threads: 1, maxBandRows: 1000)
        #expect(Self.chunks(one).filter { $0.type == "IDAT" }.count > 10)
        for threads in [2, 3] {
            #expect(try Self.render(grid, threads: threads, maxBandRows: 1000) == one, "\(threads) threads")
        }
    }

    @Test func piecesDecodeToTheSamePixelsAsLibpngsOwnEncoder() throws {
        let grid = Self.tallTable()
        let pieces = try Self.render(grid, threads: 3)
        // libpng writing the same image (the `sub` filter takes the libpng path).
        let libpng = try GridRenderer.render(grid, format: .png, options: RenderOptions(pngFilter: .sub))
        let a = try PNGImage(decoding: pieces), b = try PNGImage(decoding: libpng)
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.rgba == b.rgba)
    }

    /// Python's zlib inflates the joined IDAT data (checking the Adler-32 trailer) to exactly
    /// the scanlines of the decoded image: filter byte 0, then RGB.
    @Test func pythonsZlibReadsTheJoinedStream() throws {
        let png = try Self.render(Self.tallTable(), threads: 2)
        let idat = Self.chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("idat.z"), output = dir.appendingPathComponent("raw")
        try Data(idat).write(to: input)
        let script = "import sys, zlib; open(sys.argv[2], 'wb').write(zlib.decompress(open(sys.argv[1], 'rb').read()))"
        let (status, _) = try run(["python3", "-c", script, input.path, output.path])
        #expect(status == 0)
        let raw = [UInt8](try Data(contentsOf: output))
        let image = try PNGImage(decoding: png)
        var expected: [UInt8] = []
        expected.reserveCapacity(image.height * (1 + image.width * 3))
        for y in 0..<image.height {
            expected.append(0)
            for x in 0..<image.width {
                let p = image[x, y]
                expected += [p.r, p.g, p.b]
            }
        }
        #expect(raw.count == expected.count)
        #expect(raw == expected)
    }

    @Test func pieceRowsFollowTheWidthOnly() {
        #expect(PNGPieceEncoder.pieceRows(width: 670, alpha: false) == (256 << 10) / 2011)
        #expect(PNGPieceEncoder.pieceRows(width: 1_000_000, alpha: true) == 1)
    }

    /// Opaque ARGB32 pixels that differ from row to row and column to column (`seed` changes them).
    static func pattern(x: Int, y: Int, seed: Int = 0) -> UInt32 {
        0xff00_0000 | UInt32((x * 7 + y * 3 + seed) & 0xff) << 16 | UInt32((x ^ y) & 0xff) << 8 | UInt32((y / 5 + seed) & 0xff)
    }

    /// An image `width` × `height` compressed band by band (`bandRows` rows) by `PNGPieceEncoder`
    /// without queues, the bands submitted in `order`; `seed(band)` varies a band's pixels.
    static func encode(width: Int, height: Int, bandRows: Int, order: [Int], seed: (Int) -> Int = { _ in 0 }) throws -> [UInt8] {
        let encoder = try PNGPieceEncoder(path: nil, width: width, height: height, alpha: false, level: 1,
                                          bandRows: bandRows, threads: 1, pixelsPerPoint: 1)
        for index in order {
            let rows = min(bandRows, height - index * bandRows)
            let band = try BandBuffer(width: width, rows: bandRows)
            band.free.wait()
            band.pixels.withMemoryRebound(to: UInt32.self, capacity: width * bandRows) { words in
                for y in 0..<rows { for x in 0..<width { words[y * width + x] = pattern(x: x, y: index * bandRows + y, seed: seed(index)) } }
            }
            encoder.submit(band, index: index, rows: rows)
            // Compressed before `submit` returned: the band is free again.
            #expect(band.free.wait(timeout: .now()) == .success)
            band.free.signal()
        }
        return try encoder.finish()
    }

    /// Bands may arrive in any order (painting threads finish them when they do): the pieces are
    /// written in image order, the bytes are those of bands given in order, and the pixels decode.
    @Test func bandsInAnyOrderGiveTheSameImage() throws {
        let width = 300, height = 1000, bandRows = 128
        let bands = (height + bandRows - 1) / bandRows
        let inOrder = try Self.encode(width: width, height: height, bandRows: bandRows, order: Array(0..<bands))
        #expect(try Self.encode(width: width, height: height, bandRows: bandRows, order: (0..<bands).reversed()) == inOrder)
        #expect(try Self.encode(width: width, height: height, bandRows: bandRows, order: [3, 0, 7, 1, 5, 2, 6, 4]) == inOrder)
        let image = try PNGImage(decoding: inOrder)
        #expect(image.width == width && image.height == height)
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = image[x, y], argb = Self.pattern(x: x, y: y)
                if p.r != UInt8(argb >> 16 & 0xff) || p.g != UInt8(argb >> 8 & 0xff) || p.b != UInt8(argb & 0xff) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// A band's pieces never look back into the band before it (its first piece starts afresh),
    /// which is what lets another thread compress it at the same time: two images that differ
    /// only in their first band have the same IDAT chunks from the second band on.
    @Test func aBandsPiecesDoNotDependOnTheBandBefore() throws {
        let width = 200, height = 600, bandRows = 300
        let pieceRows = PNGPieceEncoder.pieceRows(width: width, alpha: false)
        let piecesPerBand = (bandRows + pieceRows - 1) / pieceRows
        #expect(piecesPerBand >= 1)
        let a = try Self.encode(width: width, height: height, bandRows: bandRows, order: [0, 1])
        let b = try Self.encode(width: width, height: height, bandRows: bandRows, order: [0, 1], seed: { $0 == 0 ? 99 : 0 })
        let idatA = Self.chunks(a).filter { $0.type == "IDAT" }.map(\.data)
        let idatB = Self.chunks(b).filter { $0.type == "IDAT" }.map(\.data)
        // One chunk per piece, then the Adler-32 of all the data (which differs) in one more.
        #expect(idatA.count == 2 * piecesPerBand + 1 && idatB.count == idatA.count)
        #expect(idatA[0] != idatB[0])
        #expect(Array(idatA[piecesPerBand..<(idatA.count - 1)]) == Array(idatB[piecesPerBand..<(idatB.count - 1)]))
    }

    /// A painter ahead of the written image waits in `awaitRoom` until the bands before are
    /// written, and `cancel` releases it (a painter failed: its bands will never come).
    @Test func awaitRoomWaitsForEarlierBandsAndCancelReleases() throws {
        let width = 64, height = 64, bandRows = 8
        let encoder = try PNGPieceEncoder(path: nil, width: width, height: height, alpha: false, level: 1,
                                          bandRows: bandRows, threads: 1, pixelsPerPoint: 1)
        encoder.awaitRoom(for: 1, ahead: 2)   // within reach: returns at once
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            encoder.awaitRoom(for: 5, ahead: 2)   // needs bands 0…3 written
            released.signal()
        }
        for index in 0..<3 {
            let band = try BandBuffer(width: width, rows: bandRows)
            band.free.wait()
            encoder.submit(band, index: index, rows: bandRows)
        }
        #expect(released.wait(timeout: .now() + 0.3) == .timedOut)   // three bands written: still ahead
        let band = try BandBuffer(width: width, rows: bandRows)
        band.free.wait()
        encoder.submit(band, index: 3, rows: bandRows)
        #expect(released.wait(timeout: .now() + 10) == .success)
        DispatchQueue.global().async {
            encoder.awaitRoom(for: 7, ahead: 1)
            released.signal()
        }
        encoder.cancel()
        #expect(released.wait(timeout: .now() + 10) == .success)
        encoder.awaitRoom(for: 100, ahead: 1)   // after cancel: never blocks
    }
}
