/// A snapshot strategy: how to turn a `Value` under test into a storable `Format`, and how that
/// format is stored and compared (`diffing`). `pathExtension` names the reference file.
///
/// New strategies are built from existing ones with `pullback`: a document → PNG strategy is
/// `Snapshotting<RGBAImage, RGBAImage>.png().pullback { document in try render(document) }`.
public struct Snapshotting<Value, Format>: Sendable {
    public var pathExtension: String?
    public var diffing: Diffing<Format>
    public var snapshot: @Sendable (Value) throws -> Format

    public init(pathExtension: String?, diffing: Diffing<Format>,
                snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// A strategy for a new value type that is first transformed into this strategy's value.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value)
        -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { value in
            try snapshot(transform(value))
        }
    }
}

extension Snapshotting where Value == Format {
    /// A strategy whose value is stored as it is.
    public init(pathExtension: String?, diffing: Diffing<Format>) {
        self.init(pathExtension: pathExtension, diffing: diffing) { $0 }
    }
}

/// A strategy whose value is its own storage format.
public typealias SimplySnapshotting<Format> = Snapshotting<Format, Format>
