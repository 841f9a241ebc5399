import GridDocument

/// What one text may cost Pango, and the texts that had more, for one warning each. Shared by
/// the render's painting threads, like `LinkGate`.
/// - Font changes (`InputBudget.fontChanges`): past the limit the text is set in its own font
///   (`TextAttributes.commit` says why: Pango's cost is their square).
/// - Line breaks (`InputBudget.lineBreaks`): past the limit the text's further breaks are shown
///   as spaces (`StyledText.joiningLines`: Pango's cost is paragraphs × length).
final class TextLimits: @unchecked Sendable {
    let fontChanges: Int
    let lineBreaks: Int
    /// What one text over a limit had.
    struct Excess { var fontChanges = 0, lineBreaks = 0 }
    private let notes = TextNotes<Excess>()

    init(fontChanges: Int = InputBudget.standard.fontChanges, lineBreaks: Int = InputBudget.standard.lineBreaks) {
        self.fontChanges = max(0, fontChanges)
        self.lineBreaks = max(0, lineBreaks)
    }

    /// Notes what the text painted at `place` has, when it is over a limit.
    func note(fontChanges changes: Int, lineBreaks breaks: Int, at place: MissingGlyphs.Place) {
        guard changes > fontChanges || breaks > lineBreaks else { return }
        notes.add(Excess(fontChanges: changes > fontChanges ? changes : 0, lineBreaks: breaks > lineBreaks ? breaks : 0), at: place)
    }

    /// `people.json, row 2, column "notes": 250,000 font changes (bold, italic, code, other
    /// scripts) in one text; after the first 32,768 it is set in its own font (…)`, and the same
    /// for line breaks.
    func messages(grid: PreparedGrid) -> [String] {
        let fontHint = "at most \(FileIO.grouped(fontChanges)) per text; \(InputBudget.hint("GRIDRENDER_MAX_FONT_CHANGES"))"
        let breakHint = "at most \(FileIO.grouped(lineBreaks)) per text; \(InputBudget.hint("GRIDRENDER_MAX_LINE_BREAKS"))"
        return notes.messages(grid: grid, line: { place, excess in
            var parts: [String] = []
            if excess.fontChanges > 0 {
                parts.append("\(FileIO.grouped(excess.fontChanges)) font changes (bold, italic, code, other scripts) in one text; after the first \(FileIO.grouped(fontChanges)) it is set in its own font (\(fontHint))")
            }
            if excess.lineBreaks > 0 {
                parts.append("\(FileIO.grouped(excess.lineBreaks)) line breaks in one text; after the first \(FileIO.grouped(lineBreaks)) they are shown as spaces (\(breakHint))")
            }
            return "\(place): " + parts.joined(separator: "; ")
        }, more: { count in "\(count) more texts past their font change or line break limits (\(fontHint); \(breakHint))" })
    }
}
