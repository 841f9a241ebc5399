#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib
import Dispatch

/// Minimal file access through libc, so the document module needs no Foundation.
package enum FileIO {
    /// The whole file, or a one-line reason it could not be read. A file larger than `maxBytes`
    /// is refused before it is read (regular files, by their size) or as soon as more than
    /// `maxBytes` have arrived (standard input, pipes).
    static func read(_ path: String, maxBytes: Int = Document.defaultMaxInputBytes) -> Result<[UInt8], FileIOError> {
        let fd: Int32
        if path == "-" { fd = 0 } else {
            switch SafeOpen.regularFile(path) {
            case .success(let d): fd = d
            case .failure(let e): return .failure(e)
            }
        }
        defer { if fd != 0 { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) > maxBytes {
            return .failure(FileIOError(reason: tooLarge(Int(st.st_size), maxBytes)))
        }
        var bytes: [UInt8] = []
        // A regular file is read into one allocation of its size.
        if (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 { bytes.reserveCapacity(Int(st.st_size) + 1) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileIOError(reason: reason(errno)))
            }
            if n == 0 { break }
            if bytes.count + n > maxBytes {
                return .failure(FileIOError(reason: tooLarge(bytes.count + n, maxBytes, atLeast: true)))
            }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return .success(bytes)
    }

    /// "it is 300,000,000 bytes, over the input limit of 268,435,456 bytes (…)".
    static func tooLarge(_ size: Int, _ limit: Int, atLeast: Bool = false) -> String {
        "it is \(atLeast ? "more than " : "")\(grouped(atLeast ? limit : size)) bytes, over the input size limit of \(grouped(limit)) bytes (raise it with --max-input-size or GRIDRENDER_MAX_INPUT_BYTES)"
    }

    package static func grouped(_ n: Int) -> String {
        var digits = Array(String(n)), out = ""
        while digits.count > 3 { out = "," + String(digits.suffix(3)) + out; digits.removeLast(3) }
        return String(digits) + out
    }

    static func exists(_ path: String) -> Bool { PathBytes.exists(path) }

    /// "device:inode" of the file `path` names (symbolic links followed): one key for every
    /// spelling of one file. nil when it cannot be read.
    package static func identity(_ path: String) -> String? {
        var st = stat()
        guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else { return nil }
        return "\(st.st_dev):\(st.st_ino)"
    }

    /// The most pixels an image cell may have (64 Mi, 256 MiB decoded); the renderer checks the
    /// same limit again before it decodes.
    static let maxImagePixels = 1 << 26
    /// The largest image side Cairo can hold.
    static let maxImageSide = 32767

    /// Why the file is not a PNG image cells can use, judged from its first 24 bytes (signature
    /// and IHDR, `pngSize`) and then its chunks (`pngChunkProblem`), before anything is
    /// decoded: nil when the file is fine.
    static func pngHeaderProblem(_ path: String) -> String? {
        switch pngSize(path) {
        case .success: return pngChunkProblem(path)
        case .failure(let e): return e.reason
        }
    }

    /// The image's size from the first 24 bytes: a PNG signature and IHDR of a size within the
    /// limits. The rest of the file is not read (`pngChunkProblem` walks it).
    static func pngSize(_ path: String) -> Result<(width: Int, height: Int), FileIOError> {
        func fail(_ reason: String) -> Result<(width: Int, height: Int), FileIOError> { .failure(FileIOError(reason: reason)) }
        let fd: Int32
        switch SafeOpen.regularFile(path) {
        case .success(let d): fd = d
        case .failure(let e): return .failure(e)
        }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 24)
        var count = 0
        while count < 24 {
            let n = header.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, 24 - count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            count += n
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard count == 24, Array(header[0..<8]) == signature, Array(header[12..<16]) == Array("IHDR".utf8) else {
            return fail("not a PNG image")
        }
        func be32(_ i: Int) -> Int { header[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        if width == 0 || height == 0 { return fail("the PNG header says \(width)×\(height) px") }
        if width > maxImageSide || height > maxImageSide || width * height > maxImagePixels {
            return fail("\(width)×\(height) px is too large (at most \(maxImageSide) px per side and \(grouped(maxImagePixels)) px in all)")
        }
        return .success((width, height))
    }

    /// Walks the PNG's chunks (length, type, data, CRC-32) up to IEND: a truncated or corrupted
    /// file is found here, where the document's line is known, instead of while drawing.
    static func pngChunkProblem(_ path: String) -> String? {
        switch pngStream(path) {
        case .success: return nil
        case .failure(let e): return e.reason
        }
    }

    /// `pngChunkProblem` of every file, walked on every core at once (each walk reads its file
    /// whole, so at most one file per core is in memory).
    static func pngChunkProblems(_ paths: [String]) -> [String?] {
        guard paths.count > 1 else { return paths.map(pngChunkProblem) }
        let results = UnsafeMutableBufferPointer<String?>.allocate(capacity: paths.count)
        results.initialize(repeating: nil)
        defer { _ = results.deinitialize(); results.deallocate() }
        // Each iteration writes its own slot.
        let slots = Unchecked(results)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in slots.value[i] = pngChunkProblem(paths[i]) }
        return Array(results)
    }

    /// The PNG file's bytes from its signature to the end of its IEND chunk, every chunk's
    /// CRC-32 checked unless `checksums` is false: what a PNG decoder reads of it (what Cairo keeps of a decoded file and
    /// its SVG writer embeds), or why the file is truncated or corrupt.
    package static func pngStream(_ path: String, checksums: Bool = true) -> Result<ArraySlice<UInt8>, FileIOError> {
        PNGChunks.read(path, checksums: checksums).map(\.stream)
    }

    /// The CRC-32 of PNG chunks (zlib's: the check reads every byte of every cell image's file,
    /// 1.1 GB for 400 photos, and zlib's braided loop is about three times a table-driven one).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in
            UInt32(truncatingIfNeeded: crc32_z(0, b.baseAddress, b.count))
        }
    }

    private static func reason(_ code: Int32) -> String { SafeOpen.reason(code) }

    /// `dir/path` unless `path` is absolute or `dir` is ".".
    static func resolve(_ path: String, against dir: String) -> String {
        if path.hasPrefix("/") || dir == "." || dir.isEmpty { return path }
        return dir.hasSuffix("/") ? dir + path : dir + "/" + path
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}

package struct FileIOError: Error { package var reason: String }

extension Document {
    /// The largest input file read by default (documents, data files, theme files): 256 MiB, or
    /// the byte count in the environment variable `GRIDRENDER_MAX_INPUT_BYTES`. A larger file is
    /// refused before it is read; `gridrender --max-input-size` sets the limit per run.
    public static let defaultMaxInputBytes: Int = {
        if let text = getenv("GRIDRENDER_MAX_INPUT_BYTES").map({ String(cString: $0) }),
           let value = Int(text), value > 0 {
            return value
        }
        return 256 << 20
    }()

    /// The most cells (rows × columns, header included) a table may have: each cell costs memory
    /// before anything is laid out, so a larger table is refused while it is prepared.
    public static let maxCells = InputBudget.defaultCells
}
