// libFuzzer harness for the document decoder: JSON, YAML and Markdown text through
// `Document.decode` and `prepare()`, and the input as an inline theme (`{"theme": INPUT}`,
// the decoding theme files get). Built only with GRIDRENDER_FUZZ=1 and `-sanitize=fuzzer,address`
// (see docs/robustness.md).
import FuzzDriver
import GridDocument
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? Document.decode(json: bytes, file: "fuzz.json") {
        exercise(document)
    }
    if let text = String(validating: bytes, as: UTF8.self),
       let document = try? Document.decode(yaml: text, file: "fuzz.yaml") {
        exercise(document)
    }
    if let text = String(validating: bytes, as: UTF8.self),
       let document = try? Document.decode(markdown: text, file: "fuzz.md") {
        exercise(document)
    }
    if let document = try? Document.decode(json: Array(#"{"data": {"rows": [["a"]]}, "theme": "#.utf8) + bytes + [0x7D], file: "theme.json") {
        exercise(document)
    }
    return 0
}

/// Prepares a decoded document; data files resolve against a folder that does not exist, so
/// only absolute paths can reach the file system.
private func exercise(_ document: Document) {
    var document = document
    document.baseDirectory = "/nonexistent-fuzz-dir"
    _ = try? document.prepare()
}

runFuzzer(fuzzDocument)
