import Foundation
import GridDocument

/// The link policy of one render (`PreparedGrid.linkPolicy`) and the links it dropped. Every
/// link, a cell's `link` key or a Markdown `[text](url)` in a cell, title or footnote, becomes
/// styled text in `StyledText`, which asks `refusal` and keeps a refused link as plain text;
/// the painter then notes where it was (`note`). Shared by the render's painting threads, so
/// each text with a dropped link is reported once (a repeated header row or a cell painted in
/// two PNG bands counts once), in reading order, whatever the threads did.
final class LinkGate: @unchecked Sendable {
    /// A dropped link and where it was drawn.
    struct Drop {
        var place: MissingGlyphs.Place
        var url: String
        var reason: String
    }

    let policy: LinkPolicy
    private let lock = NSLock()
    /// The first `listed` drops in reading order: one warning each.
    private var first: [Drop] = []
    /// Places noted (up to `countLimit`), to count each text once.
    private var places = Set<String>()
    static let listed = 20
    static let countLimit = 100_000

    init(policy: LinkPolicy = LinkPolicy()) { self.policy = policy }

    /// Why `url` is not written, or nil when it is.
    func refusal(_ url: String) -> String? { policy.refusal(url) }

    /// Notes links dropped from the text painted at `place` (the first one names the text).
    func note(_ dropped: [(url: String, reason: String)], at place: MissingGlyphs.Place) {
        guard let link = dropped.first else { return }
        lock.lock(); defer { lock.unlock() }
        let key = "\(place)"
        guard !places.contains(key) else { return }
        if places.count < LinkGate.countLimit { places.insert(key) }
        guard first.count < LinkGate.listed || place < first[first.count - 1].place else { return }
        let at = first.firstIndex { place < $0.place } ?? first.count
        first.insert(Drop(place: place, url: link.url, reason: link.reason), at: at)
        if first.count > LinkGate.listed { first.removeLast() }
    }

    /// One warning per text with a dropped link, in reading order, up to `listed`, then one
    /// line counting the rest: `people.json, row 2, column "site": link "javascript:alert(1)"
    /// dropped: scheme "javascript" is not allowed (allowed: …)`.
    func messages(grid: PreparedGrid) -> [String] {
        lock.lock(); defer { lock.unlock() }
        let file = grid.file.map { "\($0), " } ?? ""
        let hint = "\(grid.linkPolicy.allowedDescription); allow more with linkSchemes or --allow-link-scheme"
        var lines = first.map { drop in
            let place: String = switch drop.place {
            case .title: "the title"
            case .subtitle: "the subtitle"
            case .footnote: "the footnote"
            case .cell(let row, let column, let item): grid.cells.cellDescription(row: row, column: column, item: item < 0 ? nil : item)
            }
            return "\(file)\(place): link \"\(Echo.short(drop.url))\" dropped: \(drop.reason) (\(hint))"
        }
        if places.count > first.count {
            let more = places.count - first.count
            let count = places.count >= LinkGate.countLimit ? "at least \(more)" : "\(more)"
            lines.append("\(file)\(count) more texts with links dropped (\(hint))")
        }
        return lines
    }
}
