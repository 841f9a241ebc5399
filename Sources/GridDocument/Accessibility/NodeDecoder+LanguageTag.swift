extension NodeDecoder {
    /// A BCP 47 language tag as RFC 5646 shapes it: a primary language subtag of 2–8 letters,
    /// then subtags of 1–8 letters or digits separated by hyphens (`en`, `de-CH`, `zh-Hant-TW`,
    /// `sr-Latn`). Its form is checked, not its registry entry: a reader that does not know a
    /// subtag falls back to the primary language.
    func languageTag(_ node: Node, _ path: String) throws(DocumentError) -> String {
        let tag = try string(node, path)
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isLetter: (Character) -> Bool = { $0.isASCII && $0.isLetter }
        let isAlphanumeric: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard let primary = subtags.first, (2...8).contains(primary.count), primary.allSatisfy(isLetter),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(isAlphanumeric) }) else {
            throw error(node, path, "expected a BCP 47 language tag such as \"en\", \"de-CH\" or \"zh-Hant\", got \"\(tag)\"")
        }
        return tag
    }
}
