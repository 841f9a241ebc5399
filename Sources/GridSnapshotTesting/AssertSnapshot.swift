import Testing
import XCTest
@_exported import GridSnapshot

/// Asserts that `value` matches its stored reference under `strategy` (see `verifySnapshot`),
/// reporting a failure to whichever test framework is running the calling test: Swift Testing
/// when `Test.current` is set (the call is inside a `@Test`), XCTest's `XCTFail` otherwise.
///
/// Importing both frameworks in this library is deliberate: neither forwards the other's
/// failures on this toolchain (an `Issue.record` inside an XCTest test case is silently dropped),
/// so each must be called directly.
@_disfavoredOverload
public func assertSnapshot<V, F>(
    of value: V,
    as strategy: SnapshotStrategy<V, F>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    guard let message = verifySnapshot(of: value, as: strategy, named: name, record: record,
                                       snapshotDirectory: snapshotDirectory, file: file,
                                       testName: testName, line: line) else { return }
    reportSnapshotFailure(message, fileID: fileID, file: file, line: line, column: column)
}

/// Reports a snapshot failure message to Swift Testing or XCTest, whichever runs the caller.
public func reportSnapshotFailure(_ message: String, fileID: StaticString = #fileID, file: StaticString = #filePath,
                                  line: UInt = #line, column: UInt = #column) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(file)",
                                                    line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: file, line: line)
    }
}
