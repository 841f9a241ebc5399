import Foundation

/// `-o -`: bytes written to file descriptor 1 as they are (no text conversion), retrying short
/// writes and interrupted calls, so a PNG or PDF piped on arrives byte for byte.
enum StandardOutput {
    /// Writes all of `bytes`; the reason when it could not (a closed pipe, a full disk), else nil.
    static func write(_ bytes: [UInt8]) -> String? {
        // A reader that went away is an error line, not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        return bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
    }
}
