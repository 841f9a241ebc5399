/// The field delimiter of CSV input: forced (`data.delimiter`, `--delimiter`) or sniffed.
///
/// Sniffing chooses between `,` `;` tab and `|` from the first records (at most 50 records or
/// 64 KiB), counting each candidate outside quoted fields: the candidate that the header row
/// holds and that splits the most records into the header's number of fields wins, then the one
/// with more fields, then the earlier in that list. So a semicolon export with decimal commas
/// (`name;mass\nx;1,5`) is read with `;` (the header has no comma), and a file with no candidate
/// in its header is one column, read with `,`. The choice depends on the bytes only.
package enum CSVDelimiter {
    /// The candidates, in order of preference for ties.
    package static let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]
    static let sampleBytes = 64 * 1024
    static let sampleRecords = 50

    /// The delimiter a user wrote: one ASCII character other than a quote or a line break;
    /// `\t` (backslash, t) and `tab` mean a tab. Returns the reason when it is not one.
    package static func parse(_ text: String) -> Result<UInt8, Invalid> {
        if text == "\\t" || text.lowercased() == "tab" { return .success(0x09) }
        let bytes = Array(text.utf8)
        guard bytes.count == 1 else {
            return .failure(Invalid(reason: "expected one character (or \\t or tab for a tab), found \(bytes.isEmpty ? "an empty text" : "\"\(Echo.short(text))\"")"))
        }
        let b = bytes[0]
        guard b < 0x80, b != UInt8(ascii: "\""), b != 0x0A, b != 0x0D else {
            return .failure(Invalid(reason: "the delimiter cannot be a quote or a line break"))
        }
        return .success(b)
    }

    /// Why a written delimiter is refused.
    package struct Invalid: Error, Sendable {
        package var reason: String
    }

    /// The delimiter of the CSV text `bytes` (see the type's notes).
    package static func sniff(_ bytes: [UInt8]) -> UInt8 {
        let counts = bytes.withUnsafeBufferPointer(recordCounts)
        guard let header = counts.first else { return candidates[0] }
        var best: (candidate: Int, score: Int, fields: Int)?
        for k in candidates.indices where header[k] > 0 {
            let score = counts.reduce(0) { $0 + ($1[k] == header[k] ? 1 : 0) }
            if let b = best, (b.score, b.fields) >= (score, header[k]) { continue }
            best = (k, score, header[k])
        }
        return best.map { candidates[$0.candidate] } ?? candidates[0]
    }

    /// For each sampled record, how many of each candidate it holds outside quotes. A record cut
    /// off by the sample's end is left out; empty lines are not records.
    static func recordCounts(_ bytes: UnsafeBufferPointer<UInt8>) -> [[Int]] {
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        let end = Swift.min(bytes.count, i + sampleBytes)
        var records: [[Int]] = []
        var current = [Int](repeating: 0, count: candidates.count)
        var inQuotes = false, inRecord = false
        while i < end, records.count < sampleRecords {
            let b = bytes[i]
            i += 1
            if b == 0x22 { inQuotes.toggle(); inRecord = true; continue }
            if inQuotes { continue }
            if b == 0x0A || b == 0x0D {
                if inRecord { records.append(current) }
                current = [Int](repeating: 0, count: candidates.count)
                inRecord = false
                continue
            }
            inRecord = true
            if let k = candidates.firstIndex(of: b) { current[k] += 1 }
        }
        // The last record counts only when the input ends there (not the sample).
        if inRecord, !inQuotes, i == bytes.count { records.append(current) }
        return records
    }
}
