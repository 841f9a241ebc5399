/// A failure reading or writing an image, naming the file so a command-line user or a test log
/// shows which of the two compared images is at fault (`error: expected.png: corrupt PNG: …`).
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the caller named it; nil for in-memory data.
    public var file: String?
    public var message: String

    public init(file: String? = nil, _ message: String) {
        self.file = file
        self.message = message
    }

    public var description: String {
        if let file { return "\(file): \(message)" }
        return message
    }
}
