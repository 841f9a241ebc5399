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
        // Bands of 1000 rows: a piece's window is primed across band boundaries too.
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
}
