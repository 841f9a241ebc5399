import CZlib
import Dispatch
import GridDocument
import Testing
@testable import GridDrawing

/// Every stream the PDF writer compresses goes through `PDFDeflate` (libdeflate): zlib itself
/// must read each back, and the bytes must depend on the input only, whichever thread and
/// whichever kept compressor made them. Generated inputs of each kind the writer compresses:
/// content operators, object streams, binary font programs, empty and tiny streams.
@Suite struct PDFDeflateTests {
    static func inflate(_ data: [UInt8], size: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(1, size))
        var length = uLongf(out.count)
        let status = uncompress(&out, &length, data, uLong(data.count))
        guard status == Z_OK else { return nil }
        return Array(out.prefix(Int(length)))
    }

    static func inputs() -> [[UInt8]] {
        var random = WriterTestRandom(seed: 28)
        var cases: [[UInt8]] = [[], [0x41], Array("q 1 0 0 -1 0 842 cm\n".utf8)]
        for size in [17, 1_000, 65_536, 300_001] {
            cases.append((0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        }
        for rows in [1, 40, 4_000] {
            var text = ""
            for r in 0..<rows {
                let x = Double(random.next() % 60_000) / 100
                text += "BT\n/F\(r % 3 + 1) 10.905893 Tf\n1 0 0 -1 \(x) \(r * 16) Tm [<0018>-0.2<0014>-0.3<00\(r % 90 + 10)>]TJ\nET\n"
            }
            cases.append(Array(text.utf8))
        }
        cases.append([UInt8](repeating: 0, count: 1 << 20))
        return cases
    }

    @Test func zlibReadsBackEveryStream() throws {
        for input in Self.inputs() {
            let compressed = PDFDeflate.compress(input)
            #expect(compressed.first == 0x78, "a zlib header (deflate, 32 KiB window)")
            #expect(Self.inflate(compressed, size: input.count) == input, "\(input.count) bytes")
            #expect(compressed.count <= input.count + input.count / 1000 + 64, "stored blocks at worst")
        }
    }

    @Test func theBytesDependOnTheInputOnly() {
        let inputs = Self.inputs()
        let serial = inputs.map(PDFDeflate.compress)
        let results = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: inputs.count * 4)
        results.initialize(repeating: [])
        defer { results.deinitialize(); results.deallocate() }
        let slots = Unchecked(results)
        // Four rounds at once on several threads: compressors are made, kept and reused meanwhile.
        DispatchQueue.concurrentPerform(iterations: inputs.count * 4) { k in
            slots.value[k] = PDFDeflate.compress(inputs[k % inputs.count])
        }
        for k in 0..<inputs.count * 4 { #expect(results[k] == serial[k % inputs.count]) }
    }
}
