import Foundation
import Testing
import GridDocument

/// Replays the fuzz seeds and every kept crashing input (Fixtures/fuzz/regressions) through the
/// same calls the libFuzzer harnesses make, without sanitizers: each must end in a value or a
/// `DocumentError`, never a trap.
@Suite struct FuzzCorpusReplayTests {
    static func inputs(_ kind: String) -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz").path
        return ["\(root)/\(kind)", "\(root)/regressions/\(kind)"].flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted().map { "\(dir)/\($0)" }
        }
    }

    @Test func documentInputs() throws {
        let files = Self.inputs("document")
        #expect(files.count >= 10)
        for path in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            if var document = try? Document.decode(json: bytes, file: "fuzz.json") {
                document.baseDirectory = "/nonexistent-fuzz-dir"
                _ = try? document.prepare()
            }
            if let text = String(validating: bytes, as: UTF8.self), var document = try? Document.decode(yaml: text, file: "fuzz.yaml") {
                document.baseDirectory = "/nonexistent-fuzz-dir"
                _ = try? document.prepare()
            }
        }
    }

    @Test func csvInputs() throws {
        let files = Self.inputs("csv")
        #expect(files.count >= 4)
        for path in files {
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            guard let first = data.first else { continue }
            let delimiter: UInt8 = first & 1 == 0 ? UInt8(ascii: ",") : UInt8(ascii: "\t")
            if let table = try? CSVParser.parse(Array(data.dropFirst()), delimiter: delimiter, file: "fuzz.csv") {
                #expect(table.rows.allSatisfy { $0.count == table.header.count })
            }
        }
    }
}
