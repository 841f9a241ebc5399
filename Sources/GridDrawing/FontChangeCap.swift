import GridDocument

/// At most `limit` font changes per text (`InputBudget.fontChanges`), and the texts that had
/// more, for one warning each (`TextAttributes.commit` says why: Pango's cost is their square).
/// Shared by the render's painting threads, like `LinkGate`.
final class FontChangeCap: @unchecked Sendable {
    let limit: Int
    /// Per text over the limit: how many font changes it has.
    private let cut = TextNotes<Int>()

    init(limit: Int = InputBudget.standard.fontChanges) { self.limit = max(0, limit) }

    /// Notes that the text painted at `place` has `changes` font changes, when over the limit.
    func note(_ changes: Int, at place: MissingGlyphs.Place) {
        if changes > limit { cut.add(changes, at: place) }
    }

    /// `people.json, row 2, column "notes": 250,000 font changes (bold, italic, code, other
    /// scripts) in one text; after the first 32,768 it is set in its own font (…)`.
    func messages(grid: PreparedGrid) -> [String] {
        let hint = "at most \(FileIO.grouped(limit)) per text; \(InputBudget.hint("GRIDRENDER_MAX_FONT_CHANGES"))"
        return cut.messages(grid: grid, line: { place, changes in
            "\(place): \(FileIO.grouped(changes)) font changes (bold, italic, code, other scripts) in one text; after the first \(FileIO.grouped(limit)) it is set in its own font (\(hint))"
        }, more: { count in "\(count) more texts with font changes past the limit (\(hint))" })
    }
}
