import Foundation
import GridSnapshot

/// `--shard I/N` for batch `render --out-dir` (and the Kubernetes Indexed Job variables when it
/// is absent): which inputs this machine renders, by the same hash of the path as `compare`'s
/// shards (`Shard`), over the input paths as given.
enum ShardSelection {
    /// Nil when not sharded; throws the one-line message of a bad value.
    static func part(_ flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Shard? {
        do throws(ImageError) {
            if let flag { return try Shard.parse(flag) }
            return try Shard.fromEnvironment(environment)
        } catch {
            throw fail(error.description)
        }
    }
}
