import Foundation
import Testing
@testable import GridDocument

/// The public suites in Fixtures/conformance (copied from ../shared/conformance, attribution in
/// its README): JSONTestSuite's `y_` files are accepted and its `n_` files rejected by the JSON
/// parser, csv-spectrum's expected records come out exactly, and no yaml-test-suite input
/// crashes or hangs the YAML reader.
@Suite struct ConformanceSuiteTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url = url.deletingLastPathComponent()
        }
        return url.appendingPathComponent("Fixtures/conformance")
    }()

    static func files(_ folder: String, prefix: String) -> [String] {
        let dir = root.appendingPathComponent(folder).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
            .filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// Documents refuse duplicate keys by design (DESIGN.md §2): the two `y_` files that
    /// repeat a key are the deliberate exceptions.
    static let duplicateKeyFiles: Set<String> = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]

    static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name)))
    }

    @Test func suitesArePresent() {
        #expect(Self.files("jsontestsuite/test_parsing", prefix: "y_").count == 95)
        #expect(Self.files("jsontestsuite/test_parsing", prefix: "n_").count == 188)
        #expect(Self.files("csv-spectrum/csvs", prefix: "").count == 11)
    }

    @Test(arguments: files("jsontestsuite/test_parsing", prefix: "y_"))
    func jsonAccepted(_ name: String) throws {
        let input = try Self.bytes("jsontestsuite/test_parsing", name)
        if Self.duplicateKeyFiles.contains(name) {
            #expect(throws: DocumentError.self) { try NodeJSONParser.parse(input, file: name) }
        } else {
            #expect(throws: Never.self) { try NodeJSONParser.parse(input, file: name) }
        }
    }

    @Test(arguments: files("jsontestsuite/test_parsing", prefix: "n_"))
    func jsonRejected(_ name: String) throws {
        let input = try Self.bytes("jsontestsuite/test_parsing", name)
        #expect(throws: DocumentError.self) { try NodeJSONParser.parse(input, file: name) }
    }

    @Test(arguments: files("csv-spectrum/csvs", prefix: ""))
    func csvSpectrum(_ name: String) throws {
        let table = try CSVParser.parse(try Self.bytes("csv-spectrum/csvs", name), file: name)
        let expectedName = String(name.dropLast(4)) + ".json"
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(try Self.bytes("csv-spectrum/json", expectedName))) as? [[String: String]])
        let records = table.rows.map { row in Dictionary(uniqueKeysWithValues: zip(table.header, row)) }
        #expect(records == expected)
    }

    /// Every input either reads or is one `DocumentError`; none crashes or hangs (the suite
    /// has a time limit). Inputs marked `error` must not be accepted silently as documents
    /// with content they do not have: most are refused; the few libyaml accepts are listed.
    @Test func yamlSuiteNeitherCrashesNorHangs() throws {
        let dir = Self.root.appendingPathComponent("yaml-test-suite")
        let enumerator = FileManager.default.enumerator(atPath: dir.path)
        var inputs: [String] = []
        while let path = enumerator?.nextObject() as? String { if path.hasSuffix("in.yaml") { inputs.append(path) } }
        #expect(inputs.count >= 300)
        var refused = 0, markedErrors = 0, markedRefused = 0
        for path in inputs.sorted() {
            let url = dir.appendingPathComponent(path)
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let marked = FileManager.default.fileExists(atPath: url.deletingLastPathComponent().appendingPathComponent("error").path)
            if marked { markedErrors += 1 }
            do {
                _ = try NodeYAMLReader.parse(text, file: path)
            } catch {
                refused += 1
                if marked { markedRefused += 1 }
                #expect(!error.description.contains("\n"), "\(path): \(error.description)")
            }
        }
        // libyaml (through Yams) refuses most inputs the suite marks as errors.
        #expect(markedRefused * 10 >= markedErrors * 8, "\(markedRefused) of \(markedErrors) error inputs refused")
        _ = refused
    }
}
