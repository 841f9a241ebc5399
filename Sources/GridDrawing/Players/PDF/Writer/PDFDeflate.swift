import CZlib

/// zlib's deflate for the writer's streams (`/FlateDecode`): level 6, as zlib's default, in
/// one call over the whole stream, so the bytes depend on the input only.
enum PDFDeflate {
    static func compress(_ input: [UInt8], level: Int32 = 6) -> [UInt8] {
        var bound = compressBound(uLong(input.count))
        var out = [UInt8](repeating: 0, count: Int(bound))
        let status = input.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                compress2(dst.baseAddress, &bound, src.baseAddress, uLong(src.count), level)
            }
        }
        precondition(status == Z_OK, "zlib compress2 failed (\(status))")
        out.removeSubrange(Int(bound)...)
        return out
    }
}
