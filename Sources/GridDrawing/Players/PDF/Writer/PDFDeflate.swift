import CZlib

/// zlib's deflate for the writer's streams (`/FlateDecode`): level 6, as zlib's default, in
/// one call over the whole stream, so the bytes depend on the input only.
enum PDFDeflate {
    static func compress(_ input: [UInt8], level: Int32 = 6) -> [UInt8] {
        let bound = Int(compressBound(uLong(input.count)))
        // Into scratch zlib fills (not cleared first), then copied to an array of the deflated
        // size: a page waiting for its turn at the join holds its deflated bytes, not the bound.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bound)) { buffer in
            var written = uLong(bound)
            let status = input.withUnsafeBufferPointer { src in
                compress2(buffer.baseAddress, &written, src.baseAddress, uLong(src.count), level)
            }
            precondition(status == Z_OK, "zlib compress2 failed (\(status))")
            return Array(buffer.prefix(Int(written)))
        }
    }
}
