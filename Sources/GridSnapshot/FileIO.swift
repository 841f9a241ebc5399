import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File reading and atomic writing shared by the codec, the snapshot recorder and the report.
///
/// Writes go to a temporary file in the destination directory and are renamed into place:
/// `rename(2)` within one file system is atomic, so a test run that is killed, or two processes
/// recording at once, never leave a truncated reference image behind.
enum FileIO {
    /// The file's bytes; `limit` refuses a larger file before reading it (a mask file is small,
    /// a multi-gigabyte one is a mistake).
    static func read(_ path: String, limit: Int? = nil) throws(ImageError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImageError(file: path, "no such file")
        }
        if isDirectory.boolValue { throw ImageError(file: path, "is a directory, not a file") }
        if let limit, let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw ImageError(file: path, "file too large (\(size) bytes; at most \(limit))")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImageError(file: path, "cannot read file (\(reason(error)))")
        }
    }

    static func write(_ data: Data, to path: String) throws(ImageError) {
        try atomically(path) { temporary throws(ImageError) in
            do {
                try data.write(to: URL(fileURLWithPath: temporary))
            } catch {
                throw ImageError(file: path, "cannot write file (\(reason(error)))")
            }
        }
    }

    /// Calls `body` with a temporary path next to `path`, then renames it over `path`; on any
    /// failure the temporary file is removed and `path` is left as it was.
    static func atomically(_ path: String, _ body: (String) throws(ImageError) -> Void) throws(ImageError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        try createDirectory(directory)
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        do {
            try body(temporary)
        } catch {
            unlink(temporary)
            throw ImageError(file: path, error.message)
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw ImageError(file: path, "cannot replace file (\(String(cString: strerror(code))))")
        }
    }

    static func createDirectory(_ directory: String) throws(ImageError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ImageError(file: directory, "cannot create directory (\(reason(error)))")
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
