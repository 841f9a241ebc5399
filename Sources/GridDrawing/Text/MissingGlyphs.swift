import GridDocument

/// Characters no font of the active stack has (Pango draws them as hex boxes, "tofu"), and
/// the first place that shows one, gathered over a render and reported as one warning
/// (`RenderJob.reportWarnings`). Each painting thread keeps its own; they are merged, and
/// "first" is by place, so the message does not depend on the threads.
struct MissingGlyphs {
    /// Where text is painted, in reading order: title, subtitle, cells by row then column, footnote.
    enum Place: Comparable {
        case title, subtitle
        case cell(row: Int, column: Int, item: Int)
        case footnote
    }

    private(set) var characters = Set<UInt32>()
    private(set) var first: Place?

    var isEmpty: Bool { characters.isEmpty }

    mutating func add(_ missing: [UInt32], at place: Place) {
        guard !missing.isEmpty else { return }
        characters.formUnion(missing)
        if first.map({ place < $0 }) ?? true { first = place }
    }

    mutating func merge(_ other: MissingGlyphs) {
        characters.formUnion(other.characters)
        if let place = other.first, first.map({ place < $0 }) ?? true { first = place }
    }

    /// `no font of the pinned stack has U+E000 "" …; first in people.csv, row 3, column "name"`.
    func message(grid: PreparedGrid) -> String? {
        guard let first, !characters.isEmpty else { return nil }
        let sorted = characters.sorted()
        let shown = sorted.prefix(12).map { value -> String in
            let hex = String(value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            guard let scalar = Unicode.Scalar(value), MissingGlyphs.printable(scalar) else { return code }
            return "\(code) \"\(Character(scalar))\""
        }
        let more = sorted.count > shown.count ? " and \(sorted.count - shown.count) more" : ""
        let place = first.name(in: grid)
        let stack = grid.fonts == .pinned ? "no font of the pinned stack" : "no installed font"
        return "\(stack) has \(shown.joined(separator: ", "))\(more); drawn as boxes (first in \(grid.file.map { "\($0), " } ?? "")\(place))"
    }

    /// Not a control, format, surrogate or unassigned character, so it can be printed as itself.
    private static func printable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }
}
