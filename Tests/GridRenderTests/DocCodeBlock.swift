import Foundation

/// A code block of a Markdown file (fenced, or indented by four spaces), with what the docs test
/// does with it. Blocks are checked by their language, or by a `<!-- docs-test: … -->` comment on
/// the line above them (a blank line between is allowed), which is how a block that cannot run here says so:
///
/// | marker | check |
/// | --- | --- |
/// | (none) `swift` | appears line for line in a file of Examples/Tour, which CI builds and runs |
/// | (none) `sh`, `bash`, `shell`, indented | runs with `bash -e -o pipefail` in a scratch folder (``DocSandbox``) |
/// | (none) `json` | a document: decoded and laid out |
/// | (none) `yaml` | parsed; every `run:` script in it passes `bash -n` |
/// | (none) `python` | compiled; run with a python3 that has pandas |
/// | `exits: N (REASON)` | shell: runs, and must exit with status N (a `compare` or `diff` that finds a difference) |
/// | `needs: pandas` | shell: `bash -n`, and runs when a python3 with pandas is found (scripts/setup.sh installs one) |
/// | `syntax: REASON` | shell: `bash -n` only, for what cannot run here (an install, Docker, minutes of build) |
/// | `run-by: TEST` | shell: run by the named test, which must read this file |
/// | `json: WHAT` | parsed as JSON (`…` elisions dropped), not a document |
/// | `output-of: COMMAND` | equals what COMMAND prints in the sandbox |
/// | `usage` | each `gridrender SUBCOMMAND` line names a subcommand whose `--help` lists every option shown |
/// | `output: REASON` | a sample of output that no command here prints as shown (say why) |
///
/// Any other block — a language or a marker not in this table — fails the test, so a new block
/// is covered or says why not.
struct DocCodeBlock: CustomStringConvertible {
    enum Check: Equatable {
        /// `run` expects exit status 0 unless an `exits: N` marker says otherwise.
        case tour, run(exit: Int32), syntax(String), runBy(String), document, json(String), yaml, python
        /// A shell block that runs python3 with pandas: run when such a python3 is found.
        case runWithPandas
        case outputOf(String), usage, output(String)
    }

    var file: String
    /// 1-based line of the opening fence (of the first line for an indented block).
    var line: Int
    /// The info string's first word; "" for a fence without one, "indented" for an indented block.
    var language: String
    /// The text after `docs-test:` of a comment on the line above, if any.
    var marker: String?
    var text: String

    var description: String { "\(file):\(line)" }

    /// What the docs test does with this block, or nil when nothing covers it.
    var check: Check? {
        if let marker {
            let (kind, rest) = Self.split(marker)
            switch kind {
            case "syntax" where !rest.isEmpty: return .syntax(rest)
            case "run-by" where !rest.isEmpty: return .runBy(rest)
            case "json" where !rest.isEmpty: return .json(rest)
            case "output-of" where !rest.isEmpty: return .outputOf(rest)
            case "output" where !rest.isEmpty: return .output(rest)
            case "usage": return .usage
            case "needs" where rest == "pandas" && ["sh", "bash", "shell", "indented"].contains(language): return .runWithPandas
            case "exits" where ["sh", "bash", "shell", "indented"].contains(language):
                return Int32(rest.prefix { $0.isNumber }).map { .run(exit: $0) }
            default: return nil
            }
        }
        switch language {
        case "swift": return .tour
        case "sh", "bash", "shell", "indented": return .run(exit: 0)
        case "json": return .document
        case "yaml", "yml": return .yaml
        case "python": return .python
        default: return nil
        }
    }

    /// `kind: rest` (or `kind rest`).
    static func split(_ marker: String) -> (String, String) {
        let trimmed = marker.trimmingCharacters(in: .whitespaces)
        guard let end = trimmed.firstIndex(where: { $0 == ":" || $0 == " " }) else { return (trimmed, "") }
        let rest = trimmed[trimmed.index(after: end)...].trimmingCharacters(in: .whitespaces)
        return (String(trimmed[..<end]), rest)
    }

    /// Every code block of `file` (relative to `root`), in order.
    static func blocks(in file: String, root: URL) throws -> [DocCodeBlock] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        return parse(text, file: file)
    }

    static func parse(_ text: String, file: String) -> [DocCodeBlock] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [DocCodeBlock] = []
        var index = 0
        /// The last non-blank line outside code, to tell an indented code block from a list's continuation.
        var lastText = ""
        /// The marker on the line above `start`, or above the blank line above it.
        func marker(above start: Int) -> String? {
            var at = start - 1
            if at >= 0, lines[at].trimmingCharacters(in: .whitespaces).isEmpty { at -= 1 }
            guard at >= 0 else { return nil }
            let above = lines[at].trimmingCharacters(in: .whitespaces)
            guard above.hasPrefix("<!-- docs-test:"), above.hasSuffix("-->") else { return nil }
            return String(above.dropFirst("<!-- docs-test:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
        }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            if trimmed.hasPrefix("```") && indent < 4 {
                let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
                let language = String(info.split(separator: " ").first ?? "")
                var body: [String] = []
                var end = index + 1
                while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
                    // A fence indented under a list item: drop that indentation.
                    body.append(String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count))))
                    end += 1
                }
                blocks.append(DocCodeBlock(file: file, line: index + 1, language: language, marker: marker(above: index),
                                           text: body.joined(separator: "\n")))
                index = end + 1
                lastText = ""
                continue
            }
            let previousBlank = index == 0 || lines[index - 1].trimmingCharacters(in: .whitespaces).isEmpty
            if indent >= 4 && !trimmed.isEmpty && previousBlank && !Self.continuesList(lastText) {
                var body: [String] = []
                var end = index
                while end < lines.count {
                    let l = lines[end]
                    if l.hasPrefix("    ") { body.append(String(l.dropFirst(4))); end += 1; continue }
                    if l.trimmingCharacters(in: .whitespaces).isEmpty, end + 1 < lines.count, lines[end + 1].hasPrefix("    ") {
                        body.append(""); end += 1; continue
                    }
                    break
                }
                blocks.append(DocCodeBlock(file: file, line: index + 1, language: "indented", marker: marker(above: index),
                                           text: body.joined(separator: "\n")))
                index = end
                continue
            }
            if !trimmed.isEmpty && !trimmed.hasPrefix("<!--") { lastText = line }
            index += 1
        }
        return blocks
    }

    /// Whether a line indented by four spaces after `previous` (and a blank line) continues a list item.
    static func continuesList(_ previous: String) -> Bool {
        let t = previous.trimmingCharacters(in: .whitespaces)
        if previous.hasPrefix(" ") { return true }
        if t.hasPrefix("- ") || t.hasPrefix("* ") || t.hasPrefix("+ ") { return true }
        let digits = t.prefix { $0.isNumber }
        return !digits.isEmpty && t.dropFirst(digits.count).hasPrefix(". ")
    }
}
