extension Document {
    /// `footnotes: [{"text", "columns"?, "cells"?, "spanners"?, "title"?}]`: a note listed under
    /// the table, with a mark after the text of each place it refers to.
    public struct Footnote: Sendable, Hashable {
        /// A body cell: `row` counts data rows from 0 in document order (top-level data, then the
        /// sections' rows); `column` is a column key.
        public struct CellTarget: Sendable, Hashable {
            public var row: Int
            public var column: String
            public init(row: Int, column: String) { self.row = row; self.column = column }
        }
        public var text: String
        /// Column keys whose titles get the mark.
        public var columns: [String]
        public var cells: [CellTarget]
        /// Spanner ids (or labels) whose labels get the mark.
        public var spanners: [String]
        /// Whether the title gets the mark.
        public var title: Bool
        public init(text: String, columns: [String] = [], cells: [CellTarget] = [], spanners: [String] = [], title: Bool = false) {
            self.text = text; self.columns = columns; self.cells = cells; self.spanners = spanners; self.title = title
        }
    }

    /// `footnoteMarks`: how marks are written.
    public enum FootnoteMarks: String, Sendable, Hashable, CaseIterable {
        /// ¹ ² ³ …
        case numbers
        /// ᵃ ᵇ ᶜ …
        case letters
        /// * † ‡ § ‖ ¶, then doubled, tripled and quadrupled: at most `maxSymbolNotes` notes.
        case symbols
    }
}

extension Document.FootnoteMarks {
    static let superscriptDigits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    /// Superscript a…z without q, which Unicode has no superscript for.
    static let superscriptLetters: [Character] = ["ᵃ", "ᵇ", "ᶜ", "ᵈ", "ᵉ", "ᶠ", "ᵍ", "ʰ", "ⁱ", "ʲ", "ᵏ", "ˡ", "ᵐ", "ⁿ", "ᵒ", "ᵖ",
                                                  "ʳ", "ˢ", "ᵗ", "ᵘ", "ᵛ", "ʷ", "ˣ", "ʸ", "ᶻ"]
    static let symbolMarks: [String] = ["*", "†", "‡", "§", "‖", "¶"]

    /// The most notes `symbols` marks (¶¶¶¶ is the last mark). Symbol marks grow by one symbol
    /// every six notes, so their text grows with the square of the notes on one place (5,000
    /// notes on a title made 2 million characters); past this many a document is refused, with
    /// `numbers` or `letters` (whose marks grow with the logarithm) suggested.
    package static let maxSymbolNotes = 24

    /// The mark of note `n` (1-based): ¹ … ¹², ᵃ … ᶻ then ᵃᵃ …, * † ‡ § ‖ ¶ then ** †† ….
    package func mark(_ n: Int) -> String {
        let n = Swift.max(1, n)
        switch self {
        case .numbers: return String(String(n).map { Self.superscriptDigits[Int($0.asciiValue! - 48)] })
        case .letters:
            var k = n, out: [Character] = []
            while k > 0 { k -= 1; out.insert(Self.superscriptLetters[k % 25], at: 0); k /= 25 }
            return String(out)
        case .symbols:
            return String(repeating: Self.symbolMarks[(n - 1) % 6], count: (n - 1) / 6 + 1)
        }
    }

    /// The marks of several notes on one place, in number order: `¹˒²` is ambiguous, so numbers
    /// and letters are joined with a comma; symbols stand side by side.
    package func marks(_ numbers: [Int]) -> String {
        numbers.map(mark).joined(separator: self == .symbols ? "" : ",")
    }

    /// Whether `scalar` can be part of a mark (decimal alignment ends a number before its mark).
    package static func isMarkScalar(_ scalar: Unicode.Scalar) -> Bool {
        let c = Character(scalar)
        return superscriptDigits.contains(c) || superscriptLetters.contains(c) || symbolMarks.contains(String(c))
    }
}
