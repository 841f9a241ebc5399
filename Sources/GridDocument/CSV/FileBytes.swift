/// Whole-file reading for the CSV parser, with the reason a file cannot be read.
///
/// A thin name over `FileIO.read`, which opens through `SafeOpen` (regular files only; `-` is
/// standard input) and enforces the input size limit.
enum FileBytes {
    struct ReadError: Error {
        /// Why, in words: "no such file", "it is a named pipe (FIFO), not a regular file".
        var reason: String
    }

    /// Reads the whole file at `path`; `-` reads standard input.
    static func read(_ path: String, maxBytes: Int = Document.defaultMaxInputBytes) throws(ReadError) -> [UInt8] {
        switch FileIO.read(path, maxBytes: maxBytes) {
        case .success(let bytes): return bytes
        case .failure(let e): throw ReadError(reason: e.reason)
        }
    }
}
