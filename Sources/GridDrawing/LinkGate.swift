import Foundation
import GridDocument

/// The link policy of one render (`PreparedGrid.linkPolicy`) and the links it dropped. Every
/// link, a cell's `link` key or a Markdown `[text](url)` in a cell, title or footnote, becomes
/// styled text in `StyledText`, which asks `refusal` and keeps a refused link as plain text;
/// the painter then notes where it was (`note`). Shared by the render's painting threads, so
/// the warning is one for the whole render, naming the first place in reading order.
final class LinkGate: @unchecked Sendable {
    let policy: LinkPolicy
    private let lock = NSLock()
    private var first: (place: MissingGlyphs.Place, url: String, reason: String)?
    /// Places noted, so a header row repeated on every page counts once.
    private var places = Set<String>()

    init(policy: LinkPolicy = LinkPolicy()) { self.policy = policy }

    /// Why `url` is not written, or nil when it is.
    func refusal(_ url: String) -> String? { policy.refusal(url) }

    /// Notes links dropped from the text painted at `place`.
    func note(_ dropped: [(url: String, reason: String)], at place: MissingGlyphs.Place) {
        guard let link = dropped.first else { return }
        lock.lock(); defer { lock.unlock() }
        places.insert("\(place)")
        if first.map({ place < $0.place }) ?? true { first = (place, link.url, link.reason) }
    }

    /// `people.json, row 2, column "site": link "javascript:alert(1)" dropped: scheme
    /// "javascript" is not allowed (2 texts with dropped links in all; allowed: …)`, or nil.
    func message(grid: PreparedGrid) -> String? {
        lock.lock(); defer { lock.unlock() }
        guard let first else { return nil }
        let place: String = switch first.place {
        case .title: "the title"
        case .subtitle: "the subtitle"
        case .footnote: "the footnote"
        case .cell(let row, let column, let item): grid.cells.cellDescription(row: row, column: column, item: item < 0 ? nil : item)
        }
        let more = places.count > 1 ? "; \(places.count) texts with dropped links in all" : ""
        return "\(grid.file.map { "\($0), " } ?? "")\(place): link \"\(Echo.short(first.url))\" dropped: \(first.reason)"
            + " (\(grid.linkPolicy.allowedDescription); allow more with linkSchemes or --allow-link-scheme\(more))"
    }
}
