import Foundation

/// When the snapshot assertion writes reference files. Recording always fails the assertion, so a
/// test that recorded is never mistaken for one that passed, and re-running a test cannot turn a
/// missing reference into a pass without someone looking at what was recorded.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write references; a missing reference fails (CI's default: a forgotten reference
    /// must fail the build, not be created on the CI machine and thrown away).
    case never
    /// Write a reference only when there is none (the default on a developer machine).
    case missing
    /// Also overwrite a reference that no longer matches.
    case failed
    /// Overwrite every reference (an unchanged one is left untouched on disk).
    case all

    /// The mode from `SNAPSHOT_RECORD`, else `never` when `CI` is set, else `missing`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(InvalidRecordMode) -> RecordMode {
        if let raw = environment["SNAPSHOT_RECORD"], !raw.isEmpty {
            guard let mode = RecordMode(rawValue: raw.lowercased()) else { throw InvalidRecordMode(value: raw) }
            return mode
        }
        if let ci = environment["CI"], !ci.isEmpty, !["0", "false", "no"].contains(ci.lowercased()) {
            return .never
        }
        return .missing
    }
}

/// `SNAPSHOT_RECORD` holds something other than never, missing, failed or all.
public struct InvalidRecordMode: Error, Sendable, CustomStringConvertible {
    public var value: String
    public var description: String {
        "SNAPSHOT_RECORD=\(value) is not one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))"
    }
}
