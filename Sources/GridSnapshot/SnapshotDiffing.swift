import Foundation

/// How to store a snapshot format on disk and tell whether two values of it differ, after
/// pointfree's swift-snapshot-testing: a format is three functions, so a new one (a PDF page, a
/// layout JSON, a document rendered through GridDrawing) needs no change to the assertion code.
public struct SnapshotDiffing<Value>: Sendable {
    /// Serialises a value for the reference file.
    public var toData: @Sendable (Value) throws -> Data
    /// Reads a reference file back; throwing marks the reference as unreadable (corrupt).
    public var fromData: @Sendable (Data) throws -> Value
    /// nil when `actual` matches `expected` under this format's rules; otherwise a failure
    /// message and files that help explain it.
    public var diff: @Sendable (_ expected: Value, _ actual: Value) -> (String, [SnapshotAttachment])?
    /// Whether two values are the same for storage purposes, so that recording does not rewrite a
    /// reference whose content has not changed (a PNG re-encoded by another libpng differs in
    /// bytes but not in pixels). Stricter than `diff`, which may tolerate noise.
    public var isUnchanged: @Sendable (_ stored: Value, _ new: Value) -> Bool
    /// `diff` with rectangles of the expected value left out, for formats that can mask
    /// (`png`); nil: the format cannot, and a strategy with masks fails.
    package var maskedDiff: (@Sendable (_ expected: Value, _ actual: Value, _ masks: [ComparisonResult.Rect]) -> (String, [SnapshotAttachment])?)?

    public init(toData: @escaping @Sendable (Value) throws -> Data,
                fromData: @escaping @Sendable (Data) throws -> Value,
                isUnchanged: (@Sendable (_ stored: Value, _ new: Value) -> Bool)? = nil,
                diff: @escaping @Sendable (_ expected: Value, _ actual: Value) -> (String, [SnapshotAttachment])?) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
        self.isUnchanged = isUnchanged ?? { stored, new in
            guard let a = try? toData(stored), let b = try? toData(new) else { return false }
            return a == b
        }
    }
}
