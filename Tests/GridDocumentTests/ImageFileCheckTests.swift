import Foundation
import Testing
@testable import GridDocument

/// The document's check of its image files (`Document.prepare`): every file is walked chunk by
/// chunk, the files on every core at once, and the error reported is the one a walk in
/// document order meets first, with that cell's line.
@Suite struct ImageFileCheckTests {
    static func png(width: UInt32 = 4, height: UInt32 = 4, idat: [UInt8] = [1, 2, 3], end: Bool = true) -> [UInt8] {
        PNGChunksTests.signature + PNGChunksTests.chunk("IHDR", PNGChunksTests.be32(width) + PNGChunksTests.be32(height) + [8, 2, 0, 0, 0])
            + PNGChunksTests.chunk("IDAT", idat) + (end ? PNGChunksTests.chunk("IEND", []) : [])
    }

    /// A folder with `files`, and the document whose items show `names` one per line (the
    /// first item on line 2).
    static func document(_ files: [String: [UInt8]], _ names: [String], imageBytes: Int? = nil) throws -> (Document, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("imagecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let items = names.map { "{\"image\": \"\(dir.appendingPathComponent($0).path)\"}" }.joined(separator: ",\n")
        var doc = try json("{\"items\": [\n\(items)]}")
        if let imageBytes { doc.budget.imageBytes = imageBytes }
        return (doc, dir)
    }

    static func error(_ files: [String: [UInt8]], _ names: [String], imageBytes: Int? = nil) throws -> DocumentError? {
        let (doc, dir) = try document(files, names, imageBytes: imageBytes)
        defer { try? FileManager.default.removeItem(at: dir) }
        return documentError { () throws(DocumentError) in try doc.prepare() }
    }

    static var corrupt: [UInt8] {
        var bytes = png()
        bytes[bytes.count - 12 - 7] ^= 0xFF   // an IDAT data byte: the chunk's CRC no longer matches
        return bytes
    }

    @Test func manyGoodFilesPass() throws {
        let names = (0..<24).map { "ok\($0).png" }
        #expect(try Self.error(Dictionary(uniqueKeysWithValues: names.map { ($0, Self.png()) }), names) == nil)
    }

    @Test func theFirstProblemInDocumentOrderIsReported() throws {
        let files = ["ok.png": Self.png(), "bad.png": Self.corrupt, "cut.png": Self.png(end: false),
                     "huge.png": Self.png(width: 30_000, height: 30_000)]
        // A corrupt file before a missing one: the corrupt one, on its line.
        let first = try Self.error(files, ["ok.png", "bad.png", "missing.png"])
        #expect(first?.line == 3 && first?.message.contains("bad checksum in chunk IDAT") == true, "\(String(describing: first))")
        // A missing file before a corrupt one: the missing one.
        let second = try Self.error(files, ["ok.png", "missing.png", "bad.png"])
        #expect(second?.line == 3 && second?.message.contains("no such file") == true, "\(String(describing: second))")
        // A truncated file among many good ones, after them.
        let names = (0..<12).map { "ok\($0).png" }
        var many = files
        for name in names { many[name] = Self.png() }
        let third = try Self.error(many, names + ["cut.png", "bad.png"])
        #expect(third?.line == 14 && third?.message.contains("truncated") == true, "\(String(describing: third))")
        // A corrupt file before one too large to draw: the corrupt one; the other way round, the size.
        let fourth = try Self.error(files, ["bad.png", "huge.png"])
        #expect(fourth?.line == 2 && fourth?.message.contains("bad checksum") == true, "\(String(describing: fourth))")
        let fifth = try Self.error(files, ["huge.png", "bad.png"])
        #expect(fifth?.line == 2 && fifth?.message.contains("too large") == true, "\(String(describing: fifth))")
    }

    @Test func theBudgetComesAfterTheFilesBeforeIt() throws {
        let files = ["a.png": Self.png(), "b.png": Self.png(), "bad.png": Self.corrupt]
        // 4×4 px decode to 64 bytes: the second file is over a budget of 100 bytes.
        let over = try Self.error(files, ["a.png", "b.png", "bad.png"], imageBytes: 100)
        #expect(over?.line == 3 && over?.message.contains("decode to more than") == true, "\(String(describing: over))")
        // A corrupt file before the file that goes over: the corrupt one.
        let corrupt = try Self.error(files, ["bad.png", "a.png", "b.png"], imageBytes: 100)
        #expect(corrupt?.line == 2 && corrupt?.message.contains("bad checksum") == true, "\(String(describing: corrupt))")
    }
}
