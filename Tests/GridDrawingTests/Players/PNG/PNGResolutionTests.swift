import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Every PNG gridrender writes records its scale in `pHYs` (pixels per metre, unit 1): 72 points
/// an inch, so a 2x PNG shows at its 1x size where viewers honour it. Both encoders (zlib pieces,
/// and libpng when a row filter is asked for) and paginated pages.
@Suite struct PNGResolutionTests {
    /// The `pHYs` chunk's (x, y, unit), and whether it comes right after IHDR.
    static func physicalSize(_ bytes: [UInt8]) -> (x: UInt32, y: UInt32, unit: UInt8, afterHeader: Bool)? {
        func be32(_ i: Int) -> UInt32 { bytes[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        var offset = 8, index = 0
        while offset + 8 <= bytes.count {
            let length = Int(be32(offset)), type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "pHYs", length == 9 {
                return (be32(offset + 8), be32(offset + 12), bytes[offset + 16], index == 1)
            }
            offset += 12 + length; index += 1
        }
        return nil
    }

    static let grid = makeTable(text([["City", "Population"], ["Oslo", "709,000"], ["Bergen", "291,000"]]))

    @Test(arguments: [(1.0, UInt32(2835)), (2.0, UInt32(5669)), (3.0, UInt32(8504)), (0.5, UInt32(1417))])
    func scaleIsRecorded(scale: Double, pixelsPerMetre: UInt32) throws {
        #expect(PNGResolution.pixelsPerMetre(scale) == pixelsPerMetre)
        var grid = Self.grid
        grid.scale = scale
        for filter in [PNGFilter.none, .adaptive] {
            let bytes = try GridRenderer.render(grid, format: .png, options: RenderOptions(pngFilter: filter))
            let phys = try #require(Self.physicalSize(bytes), "no pHYs with filter \(filter)")
            #expect(phys.x == pixelsPerMetre && phys.y == pixelsPerMetre && phys.unit == 1, "filter \(filter)")
            #expect(filter != .none || phys.afterHeader)
        }
    }

    @Test func pagesRecordTheirScaleAndPassPngcheck() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var grid = makeTable(text([["n"]] + (1...60).map { ["row \($0)"] }))
        grid.scale = 2
        grid.page = PreparedGrid.Page(width: 200, height: 300)
        let path = dir.appendingPathComponent("p.png").path
        try GridRenderer.render(grid, to: path, options: RenderOptions())
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(pages.count > 1)
        for page in pages {
            let file = dir.appendingPathComponent(page).path
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(Self.physicalSize(bytes)?.x == 5669, "\(page)")
            let (status, _) = try run(["pngcheck", "-q", file])
            #expect(status == 0, "\(page)")
        }
    }

    @Test func outOfRangeScalesWriteNone() {
        #expect(PNGResolution.pixelsPerMetre(0) == 0)
        #expect(PNGResolution.pixelsPerMetre(.infinity) == 0)
        #expect(PNGResolution.pixelsPerMetre(.nan) == 0)
        #expect(PNGResolution.pixelsPerMetre(1e9) == 0)
    }
}
