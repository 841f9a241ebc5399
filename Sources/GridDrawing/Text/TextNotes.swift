import Foundation
import GridDocument

/// Notes about texts of one render, one per text, kept for one warning each in reading order
/// (`listed` of them, then a count), whatever order the painting threads noted them in: a
/// repeated header row or a cell painted in two PNG bands counts once. Shared by the render's
/// threads (`LinkGate` for dropped links, `TextLimits` for texts past their limits).
final class TextNotes<Note>: @unchecked Sendable {
    private let lock = NSLock()
    /// The first `listed` notes in reading order.
    private var first: [(place: MissingGlyphs.Place, note: Note)] = []
    /// Places noted (up to `countLimit`), to count each text once.
    private var places = Set<String>()
    static var listed: Int { 20 }
    static var countLimit: Int { 100_000 }

    init() {}

    /// Notes `note` about the text painted at `place`, unless that text was noted already.
    func add(_ note: Note, at place: MissingGlyphs.Place) {
        lock.lock(); defer { lock.unlock() }
        let key = "\(place)"
        guard !places.contains(key) else { return }
        if places.count < Self.countLimit { places.insert(key) }
        guard first.count < Self.listed || place < first[first.count - 1].place else { return }
        let at = first.firstIndex { place < $0.place } ?? first.count
        first.insert((place, note), at: at)
        if first.count > Self.listed { first.removeLast() }
    }

    /// One line per listed note (`line` writes it from the place's name and the note), then
    /// `more` given how many other texts were noted ("at least 99,980" past the count limit).
    func messages(grid: PreparedGrid, line: (String, Note) -> String, more: (String) -> String) -> [String] {
        lock.lock(); defer { lock.unlock() }
        let file = grid.file.map { "\($0), " } ?? ""
        var lines = first.map { file + line($0.place.name(in: grid), $0.note) }
        if places.count > first.count {
            let count = places.count - first.count
            lines.append(file + more(places.count >= Self.countLimit ? "at least \(count)" : "\(count)"))
        }
        return lines
    }
}

extension MissingGlyphs.Place {
    /// "the title", "row 3, column \"name\"": the place as messages name it.
    func name(in grid: PreparedGrid) -> String {
        switch self {
        case .title: "the title"
        case .subtitle: "the subtitle"
        case .footnote: "the footnote"
        case .cell(let row, let column, let item): grid.cells.cellDescription(row: row, column: column, item: item < 0 ? nil : item)
        }
    }
}
