import Foundation
import Testing
@testable import GridDocument

/// `PathBytes`: file names are bytes; the string form must give back exactly those bytes.
@Suite struct PathBytesTests {
    /// Byte strings that are not UTF-8, valid UTF-8, and valid UTF-8 that encodes an escape
    /// scalar itself (U+10FF80 … U+10FFFF: F4 8F BE 80 … F4 8F BF BF).
    static let samples: [[UInt8]] = [
        [], Array("plain.json".utf8), Array("café 表.png".utf8), [0xFF], [0x61, 0xFF, 0x62], [0xC3], [0xC3, 0x28],
        [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
        [0xF4, 0x8F, 0xBE, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF, 0xFF, 0xF4, 0x8F, 0xBE],
        Array("a/b".utf8) + [0xFE] + Array("/c".utf8),
    ]

    @Test(arguments: samples)
    func roundTripsEveryByte(_ bytes: [UInt8]) {
        let text = PathBytes.string(bytes)
        #expect(PathBytes.bytes(text) == bytes)
        PathBytes.withCString(text) { p in
            #expect(Array(UnsafeBufferPointer(start: p, count: strlen(p))).map { UInt8(bitPattern: $0) } == bytes)
        }
    }

    @Test func validUTF8StaysTheSameString() {
        #expect(PathBytes.string(Array("café 表.png".utf8)) == "café 表.png")
        #expect(PathBytes.bytes("café 表.png") == Array("café 表.png".utf8))
    }

    @Test func everySingleByteAndPairRoundTrips() {
        for a in 0...255 {
            for b in [0x00, 0x41, 0x80, 0x8F, 0xBF, 0xC3, 0xFF] {
                let bytes = [UInt8(a), UInt8(b)].filter { $0 != 0 }
                #expect(PathBytes.bytes(PathBytes.string(bytes)) == bytes)
            }
        }
    }

    @Test func messagesShowTheBytesEscaped() {
        #expect(Echo.escaped(PathBytes.string([0x61, 0xFF, 0x2E, 0xE9])) == #"a\xFF.\xE9"#)
    }

    @Test func pathTextHelpers() {
        #expect(PathBytes.stem("out/table.v2.json") == "table.v2")
        #expect(PathBytes.stem(".hidden") == ".hidden")
        #expect(PathBytes.pathExtension("dir.d/file") == "")
        #expect(PathBytes.pathExtension("a/b.PNG") == "PNG")
        #expect(PathBytes.lastComponent("a/b/") == "b")
        #expect(PathBytes.absolute("/a/./b/../c//d") == "/a/c/d")
        #expect(PathBytes.percentEncoded(PathBytes.string(Array("x y/".utf8) + [0xFF] + Array("&é".utf8))) == "x%20y/%FF&%C3%A9")
    }

    @Test func makesDirectoriesAndListsEntriesByteExact() throws {
        let base = NSTemporaryDirectory() + "pathbytes-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let nested = base + "/" + PathBytes.string([0xFE]) + "/inner"
        #expect(PathBytes.makeDirectories(nested) == nil)
        #expect(PathBytes.isDirectory(nested))
        let entries = try #require(PathBytes.entries(of: base))
        #expect(entries.map(\.name).map(PathBytes.bytes) == [[0xFE]])
        #expect(entries.first?.type == S_IFDIR)
        // A file in the way: the part that is a file is named.
        #expect(FileManager.default.createFile(atPath: base + "/file", contents: Data()))
        let failure = PathBytes.makeDirectories(base + "/file/sub")
        #expect(failure?.errno == ENOTDIR)
    }
}
