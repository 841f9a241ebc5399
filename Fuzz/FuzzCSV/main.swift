// libFuzzer harness for the CSV/TSV parser. The first byte picks the delimiter (comma or tab),
// the rest is the file. Built only with GRIDRENDER_FUZZ=1 (see docs/robustness.md).
import FuzzDriver
import GridDocument
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let delimiter: UInt8 = data[0] & 1 == 0 ? UInt8(ascii: ",") : UInt8(ascii: "\t")
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if let table = try? CSVParser.parse(bytes, delimiter: delimiter, file: "fuzz.csv") {
        // Every row has the header's width, and one line per row.
        precondition(table.rows.allSatisfy { $0.count == table.header.count })
        precondition(table.rowLines.count == table.rows.count)
    }
    return 0
}

runFuzzer(fuzzCSV)
