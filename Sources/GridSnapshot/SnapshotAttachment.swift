import Foundation

/// A file produced when a snapshot differs (a diff image, statistics, a text diff). The
/// assertion writes each one to the artifacts folder next to the expected and actual files.
public struct SnapshotAttachment: Sendable, Hashable {
    /// Short name used in the artifact's file name (`<snapshot>.<name>.<pathExtension>`).
    public var name: String
    public var data: Data
    public var pathExtension: String

    public init(name: String, data: Data, pathExtension: String) {
        self.name = name
        self.data = data
        self.pathExtension = pathExtension
    }
}
