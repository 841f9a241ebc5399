extension InputFormat {
    /// The format of standard input, told from its first bytes, or nil when they do not say.
    ///
    /// In this order, after a byte order mark and white space: `{` or `[` is JSON; a Markdown pipe
    /// table (a header row, then a delimiter row such as `|---|--:|`) anywhere in the first 64 KiB
    /// is Markdown; a first line (comments and blank lines skipped) that is `---`, `%YAML …` or a
    /// `key:` with no `,` `;` tab or `|` before the colon is YAML; text whose header row holds a
    /// sniffed delimiter (``CSVDelimiter``) is CSV (a tab-separated file too: the delimiter is
    /// sniffed). One column of words, an empty input or anything else is nil: the caller asks
    /// for `--input-format`.
    package static func sniff(_ bytes: [UInt8]) -> InputFormat? {
        var i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") { return .json }
        let sample = String(decoding: bytes[i..<Swift.min(bytes.count, i + CSVDelimiter.sampleBytes)], as: UTF8.self)
        if MarkdownTable.first(in: sample) != nil { return .md }
        if let line = sample.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .first(where: { !$0.trimmingSpaces().isEmpty && !$0.hasPrefix("#") }), looksLikeYAML(line) {
            return .yaml
        }
        let delimiter = CSVDelimiter.sniff(Array(bytes[i...].prefix(CSVDelimiter.sampleBytes)))
        let header = bytes[i...].prefix { $0 != 0x0A && $0 != 0x0D }
        return header.contains(delimiter) ? .csv : nil
    }

    /// `---`, `%YAML 1.2` or `key:` / `key: value` / `- item` with no CSV delimiter before the colon.
    static func looksLikeYAML(_ line: Substring) -> Bool {
        if line.hasPrefix("---") || line.hasPrefix("%YAML") || line.hasPrefix("- ") { return true }
        guard let colon = line.firstIndex(of: ":") else { return false }
        let key = line[..<colon]
        guard !key.isEmpty, !key.contains(where: { ",;\t|".contains($0) }) else { return false }
        let after = line[line.index(after: colon)...]
        return after.isEmpty || after.first == " " || after.first == "\t"
    }
}
