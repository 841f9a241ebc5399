/// Small text helpers for the command-line settings' parsers (GridDocument does not use Foundation).
enum ArgumentText {
    /// `s` without spaces and tabs at either end.
    static func trimmed(_ s: some StringProtocol) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = s.firstIndex(where: { !isBlank($0) }), let last = s.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(s[first...last])
    }

    /// `KEY=VALUE` split at the first `=`, the key trimmed; nil without `=` or with an empty key.
    static func keyValue(_ s: String) -> (key: String, value: String)? {
        guard let eq = s.firstIndex(of: "=") else { return nil }
        let key = trimmed(s[..<eq])
        return key.isEmpty ? nil : (key, String(s[s.index(after: eq)...]))
    }
}
