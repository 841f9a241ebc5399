import Foundation
import GridDocument

/// The link policy of one render (`PreparedGrid.linkPolicy`) and the links it dropped. Every
/// link, a cell's `link` key or a Markdown `[text](url)` in a cell, title or footnote, becomes
/// styled text in `StyledText`, which asks `refusal` and keeps a refused link as plain text;
/// the painter then notes where it was (`note`). Shared by the render's painting threads, so
/// each text with a dropped link is reported once (a repeated header row or a cell painted in
/// two PNG bands counts once), in reading order, whatever the threads did.
final class LinkGate: @unchecked Sendable {
    let policy: LinkPolicy
    /// Per text with a dropped link: the first link dropped there and why.
    private let drops = TextNotes<(url: String, reason: String)>()

    init(policy: LinkPolicy = LinkPolicy()) { self.policy = policy }

    /// Why `url` is not written, or nil when it is.
    func refusal(_ url: String) -> String? { policy.refusal(url) }

    /// Notes links dropped from the text painted at `place` (the first one names the text).
    func note(_ dropped: [(url: String, reason: String)], at place: MissingGlyphs.Place) {
        guard let link = dropped.first else { return }
        drops.add(link, at: place)
    }

    /// One warning per text with a dropped link, in reading order, up to `TextNotes.listed`, then
    /// one line counting the rest: `people.json, row 2, column "site": link "javascript:alert(1)"
    /// dropped: scheme "javascript" is not allowed (allowed: …)`.
    func messages(grid: PreparedGrid) -> [String] {
        let hint = "\(grid.linkPolicy.allowedDescription); allow more with linkSchemes or --allow-link-scheme"
        return drops.messages(grid: grid, line: { place, drop in
            "\(place): link \"\(Echo.short(drop.url))\" dropped: \(drop.reason) (\(hint))"
        }, more: { count in "\(count) more texts with links dropped (\(hint))" })
    }
}
