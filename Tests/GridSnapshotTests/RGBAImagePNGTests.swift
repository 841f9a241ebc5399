import Foundation
import Testing
@testable import GridSnapshot

@Suite struct RGBAImagePNGTests {
    @Test func roundTripsOpaqueImageAsRGB() throws {
        let image = TestImages.gradient(17, 9)
        let data = try image.pngData()
        // IHDR colour type (byte 25): 2 = RGB, because every pixel is opaque.
        #expect(data[25] == 2)
        #expect(try RGBAImage(pngData: data) == image)
    }

    @Test func roundTripsTranslucentImageAsRGBA() throws {
        var image = TestImages.gradient(5, 4)
        image[2, 1] = RGBA(10, 20, 30, 40)
        let data = try image.pngData()
        #expect(data[25] == 6)
        #expect(try RGBAImage(pngData: data) == image)
    }

    @Test func writesAtomicallyAndReadsBack() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.file("sub/dir/image.png")
        let image = TestImages.gradient(8, 8)
        try image.writePNG(to: path)
        #expect(try RGBAImage(contentsOfPNGFile: path) == image)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.file("sub/dir"))
        #expect(leftovers == ["image.png"])
    }

    @Test func missingFileIsNamed() {
        #expect {
            _ = try RGBAImage(contentsOfPNGFile: "/nonexistent/expected.png")
        } throws: { error in
            (error as? ImageError)?.description == "/nonexistent/expected.png: no such file"
        }
    }

    @Test func corruptFileIsNamed() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let truncated = try TestImages.gradient(20, 20).pngData().prefix(60)
        try Data(truncated).write(to: URL(fileURLWithPath: dir.file("broken.png")))
        try Data("hello".utf8).write(to: URL(fileURLWithPath: dir.file("text.png")))
        do {
            _ = try RGBAImage(contentsOfPNGFile: dir.file("broken.png"))
            Issue.record("expected an error")
        } catch {
            #expect(error.file == dir.file("broken.png"))
            #expect(error.description.hasPrefix(dir.file("broken.png") + ": corrupt PNG"))
        }
        do {
            _ = try RGBAImage(contentsOfPNGFile: dir.file("text.png"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == dir.file("text.png") + ": not a PNG file")
        }
    }

    @Test func directoryIsAnError() {
        #expect(throws: ImageError.self) { _ = try RGBAImage(contentsOfPNGFile: NSTemporaryDirectory()) }
    }

    @Test func refusesOversizedImagesBeforeAllocating() throws {
        let data = try TestImages.solid(100, 100).pngData()
        do {
            _ = try RGBAImage(pngData: data, file: "big.png", maxPixels: 9_999)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "big.png: image too large: 100x100 pixels")
        }
    }

    /// Small PNGs of the other colour types, written by hand (zlib + chunk CRCs), exercise the C
    /// decoder's expansions to straight RGBA8.
    @Test(arguments: [
        // 2x1 palette with tRNS: red opaque, green alpha 0x80.
        ("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAMAAADD/I+4AAAABlBMVEX/AAAA/wDSh+9xAAAAAnRSTlP/gAgPs2oAAAALSURBVHicY2BgBAAABAACv3o/SgAAAABJRU5ErkJggg==",
         [RGBA(255, 0, 0, 255), RGBA(0, 255, 0, 128)]),
        // 2x1 8-bit grey 0x10, 0xf0.
        ("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAAAAADRSSBWAAAAC0lEQVR4nGMQ+AAAARMBAXVbZvwAAAAASUVORK5CYII=",
         [RGBA(16, 16, 16), RGBA(240, 240, 240)]),
        // 1x1 16-bit grey+alpha: grey 0x1234, alpha 0xff00 → high bytes.
        ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABEAQAAADljNBBAAAADUlEQVR4nGMQMvnPAAAC5wFGf/uMQgAAAABJRU5ErkJggg==",
         [RGBA(0x12, 0x12, 0x12, 0xff)]),
        // 2x1 RGB with tRNS marking (1,2,3) transparent.
        ("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAABnRSTlMAAQACAAPJS6v1AAAAD0lEQVR4nGNgZGJmYWUDAAA/ABYhutRUAAAAAElFTkSuQmCC",
         [RGBA(1, 2, 3, 0), RGBA(4, 5, 6, 255)]),
        // 3x1 1-bit grey 1, 0, 1.
        ("iVBORw0KGgoAAAANSUhEUgAAAAMAAAABAQAAAAAzmykZAAAACklEQVR4nGNYAAAAogCh3I2xzAAAAABJRU5ErkJggg==",
         [RGBA(255, 255, 255), RGBA(0, 0, 0), RGBA(255, 255, 255)]),
    ])
    func decodesOtherColourTypes(base64: String, pixels: [RGBA]) throws {
        let image = try RGBAImage(pngData: Data(base64Encoded: base64)!)
        #expect(image.width == pixels.count && image.height == 1)
        #expect((0 ..< image.width).map { image[$0, 0] } == pixels)
    }

    /// The same 13×11 RGBA picture (pixel (x, y) = (19x mod 256, 23y mod 256, xy mod 256, alpha
    /// 128 when 3 divides x + y), written once plainly and once Adam7-interlaced.
    @Test func decodesInterlacedLikePlain() throws {
        let plain = try RGBAImage(pngData: Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAA0AAAALCAYAAACksgdhAAABzElEQVR4nA2OMWobQRiFN7YsS4qwhSxnFGyEg8UiTDwoLhwvCBwCY1RswIEUwQxsIClNip0m5d9sMyfYduq9wFR7hWHvsMw1Xv7i8V7z8b4kSRI6SxKknIx3zl1wSt4Vd81peLfcHafnnSQiwZl4g1QcUCYOkYsBCnFEpRiiEseoxYgaMUYrJujEW+rFFEkiGZIHlMoBMjlELkdUyAlKOUUlT6iWMzRyjlYuqJPv0MslQ4r11CFSNUSmxpSrKQp1ilLNqVLnqNUSjbqgVq3QqQ/o1Zr1ND/pAVI9okxPkesZCr2gUi9R6UvU+ooavUarN+j0R+r1lp8MQ+aIUjNBZk6RmwUV5j1Ks0Jlrqk2GzTmFq25o858Rm92DFnWs0OkdorMzim3SxR2hdKuqbI3qO0Wjb2n1u7Q2a/o7Z71HD+5Y6TuhDJ3jtxdonDXVLobVO4TavdAjXtE657QuW/Uux/85BnyI0r9DJlfIvdXVPgNSr9F5R+o9l/Q+D1a/0yd/4ne/2IosF4YIw1zZOGC8rBGEW5RhnuqwiPqsEcTvlMbXtCF3+jDK+tFfooTpHFBWVwhjxsU8Y7KuEMVn1DHZ2riC9r4B138S338h///Twdeb1NkpgAAAABJRU5ErkJggg==")!)
        let interlaced = try RGBAImage(pngData: Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAA0AAAALCAYAAAHTtTf3AAAB1klEQVR4nBWQvWocMRSFlXj9s5vFNrvraIPNkuBlWEwsHBdOBhYcAjJbTMCBFCEIJpCUJsWoSXmbafQE06qeF1A1ryDmHQa9xsl1IaT78+mce4UQghohIEQQaMJniIKjgbOiCG9pCL+4ZAQKc4rGcMLcQGTcUnFL9wxm5ogqs0RnNhyEU1ThBl14JCGUQKZGKBR3qCkadYpOLWhQS/7UCcrcFIVbonJrahxTbovB7ZhMTKYFFWmDKm3RpEfq0h8M6R/EnFVzVi/5rvm0/O6fnczVS8rVAUo1Qa2OqVUz9Oo1F8wIuZmiNAuqzQVas0Zv3pOYuwPkbkalW6F2V2jdHfXuCxPhiPKwRBk2qMMnasMOffjBhTRBnlYo0y3V6QFt+ok+/WXLUmAuXyCTbELuoZAjlHKfKnmAWh6ikUfUyjE6OUEvX9Egp7wELWiu95Bp9qHHVGg2qU9Q6RnV+gyNXqLV59TpFXr9DoNes5JlJbtPmWUr9gSFXVBp36CyPIS9pMZu0NprdPaWevsRg92ykmfIHyLzx5T7MxT+AqW/pMpfofYf0Hge0t+j8w/o/Vca/HeGItuLY2RxhjyeUxHXKOM1qnhHdbxHE3do4zfqIi8h/sYQn+g/zjcHXm04JrUAAAAASUVORK5CYII=")!)
        #expect(plain == interlaced)
        #expect(plain[12, 10] == RGBA(UInt8(12 * 19 % 256), UInt8(10 * 23 % 256), 120, 255))
        #expect(plain[1, 2] == RGBA(19, 46, 2, 128))
    }

    @Test func badChecksumIsACorruptPNG() {
        let data = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAAAAADRtiBWAAAAC0lEQVR4nGNgZAIAAAcABHZJ4ygAAAAASUVORK5CYII=")!
        #expect {
            _ = try RGBAImage(pngData: data, file: "crc.png")
        } throws: { error in
            (error as? ImageError)?.description.hasPrefix("crc.png: corrupt PNG") == true
        }
    }
}
