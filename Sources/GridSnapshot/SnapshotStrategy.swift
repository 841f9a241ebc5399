/// A snapshot strategy: how to turn a `Value` under test into a storable `Format`, and how that
/// format is stored and compared (`diffing`). `pathExtension` names the reference file.
///
/// New strategies are built from existing ones with `pullback`: a document → PNG strategy is
/// `SnapshotStrategy<RGBAImage, RGBAImage>.png().pullback { document in try render(document) }`.
public struct SnapshotStrategy<Value, Format>: Sendable {
    public var pathExtension: String?
    public var diffing: SnapshotDiffing<Format>
    public var snapshot: @Sendable (Value) throws -> Format
    /// The rectangles of the snapshot left out of its comparison, resolved from the value and
    /// its snapshot (`SnapshotMask`s through the document's layout); nil: none. Applied by
    /// `diffing.maskedDiff`. A `pullback` drops it, since it reads this strategy's value.
    package var masks: (@Sendable (Value, Format) throws -> [ComparisonResult.Rect])?

    public init(pathExtension: String?, diffing: SnapshotDiffing<Format>,
                snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// A strategy for a new value type that is first transformed into this strategy's value.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value)
        -> SnapshotStrategy<NewValue, Format> {
        let snapshot = self.snapshot
        return SnapshotStrategy<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { value in
            try snapshot(transform(value))
        }
    }
}

extension SnapshotStrategy where Value == Format {
    /// A strategy whose value is stored as it is.
    public init(pathExtension: String?, diffing: SnapshotDiffing<Format>) {
        self.init(pathExtension: pathExtension, diffing: diffing) { $0 }
    }
}

/// A strategy whose value is its own storage format.
public typealias SimpleSnapshotStrategy<Format> = SnapshotStrategy<Format, Format>
