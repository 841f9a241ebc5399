import Foundation
import GridDocument
import GridRender
import Testing

/// Every code block of README.md, docs/API.md, docs/CLI.md and docs/snapshots.md is run, compiled
/// or checked, by its language or its `<!-- docs-test: … -->` marker (``DocCodeBlock``): shell
/// blocks run against the debug CLI in a scratch folder, Swift blocks are Examples/Tour's code
/// (DocBlockTests), JSON documents are decoded and laid out, YAML is parsed and its `run:`
/// scripts syntax-checked, Python runs with pandas, usage lines name real options, printed
/// snippets equal what the command prints. A block nothing covers fails.
@Suite struct DocCodeBlockTests {
    static let docs = ["README.md", "docs/API.md", "docs/CLI.md", "docs/snapshots.md"]

    static func blocks(_ doc: String) throws -> [DocCodeBlock] {
        try DocCodeBlock.blocks(in: doc, root: DocSandbox.root)
    }

    static func blocks(_ doc: String, where matches: (DocCodeBlock.Check) -> Bool) throws -> [DocCodeBlock] {
        try blocks(doc).filter { $0.check.map(matches) ?? false }
    }

    @Test(arguments: docs)
    func everyBlockIsCovered(_ doc: String) throws {
        let blocks = try Self.blocks(doc)
        #expect(!blocks.isEmpty)
        for block in blocks where block.check == nil {
            Issue.record("""
                \(block): a ```\(block.language) block that no check covers: give it a language the docs test runs \
                (swift, sh, json, yaml, python) or a <!-- docs-test: … --> marker (DocCodeBlock.swift lists them)
                """)
        }
        for block in blocks {
            if case .runBy(let test) = block.check {
                let file = try Self.testFile(named: test)
                let text = try #require(file.flatMap { try? String(contentsOf: $0, encoding: .utf8) }, "\(block): no test file \(test).swift")
                #expect(text.contains(URL(fileURLWithPath: doc).lastPathComponent), "\(block): \(test) does not read \(doc)")
            }
        }
    }

    @Test(arguments: docs)
    func shellBlocksRun(_ doc: String) throws {
        for block in try Self.blocks(doc) {
            guard case .run(let expected)? = block.check else { continue }
            let sandbox = try DocSandbox()
            defer { sandbox.remove() }
            let result = try sandbox.bash(block.text)
            #expect(result.status == expected,
                    "\(block): exit \(result.status), expected \(expected)\n\(block.text)\n\(result.output.suffix(2_000))")
        }
    }

    /// Blocks that cannot run here (and those another test runs) are at least valid shell.
    @Test(arguments: docs)
    func syntaxOnlyShellBlocksParse(_ doc: String) throws {
        for block in try Self.blocks(doc, where: {
            switch $0 { case .syntax, .runBy, .runWithPandas: true; default: false }
        }) {
            let result = try DocSandbox.run(["/bin/bash", "-n", "-c", block.text], in: nil, environment: nil)
            #expect(result.status == 0, "\(block): bash -n: \(result.output)")
        }
    }

    @Test(arguments: docs)
    func jsonBlocksParse(_ doc: String) throws {
        for block in try Self.blocks(doc) {
            switch block.check {
            case .document?:
                do {
                    let document = try Document(decoding: block.text, as: .json, file: block.description)
                    _ = try document.layout()
                } catch {
                    Issue.record("\(block): not a valid document: \(error)")
                }
            case .json?:
                // An abridged value: `…` stands for elided members or elements.
                let text = block.text.replacingOccurrences(of: ", …", with: "").replacingOccurrences(of: "…", with: "")
                #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(block): not JSON once `…` is dropped")
            default: continue
            }
        }
    }

    @Test(arguments: docs)
    func yamlBlocksParseAndTheirScriptsAreShell(_ doc: String) throws {
        for block in try Self.blocks(doc, where: { $0 == .yaml }) {
            let node: Node
            do { node = try NodeYAMLReader.parse(block.text, file: block.description) } catch {
                Issue.record("\(block): not YAML: \(error)"); continue
            }
            for script in Self.runScripts(in: node) {
                let result = try DocSandbox.run(["/bin/bash", "-n", "-c", script], in: nil, environment: nil)
                #expect(result.status == 0, "\(block): run: \(script): \(result.output)")
            }
        }
    }

    /// A printed snippet (`output-of: COMMAND`) is what the command prints.
    @Test(arguments: docs)
    func printedSnippetsAreWhatTheCommandPrints(_ doc: String) throws {
        for block in try Self.blocks(doc) {
            guard case .outputOf(let command)? = block.check else { continue }
            let sandbox = try DocSandbox()
            defer { sandbox.remove() }
            let result = try sandbox.bash(command)
            #expect(result.status == 0, "\(block): \(command): exit \(result.status): \(result.output)")
            #expect(result.output.trimmingCharacters(in: .newlines) == block.text.trimmingCharacters(in: .newlines),
                    "\(block): the block differs from what `\(command)` prints:\n\(result.output)")
        }
    }

    /// Each `gridrender SUBCOMMAND …` line of a usage block names a subcommand whose help lists
    /// every `--option` the line shows.
    @Test(arguments: docs)
    func usageLinesNameRealOptions(_ doc: String) throws {
        let binary = try #require(DocSandbox.binary)
        for block in try Self.blocks(doc, where: { $0 == .usage }) {
            // A line that does not start with `gridrender` continues the one above.
            var commands: [String] = []
            for line in block.text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.hasPrefix("gridrender ") || commands.isEmpty { commands.append(line) } else { commands[commands.count - 1] += " " + line }
            }
            for line in commands {
                let words = line.split(separator: " ").map(String.init)
                guard words.first == "gridrender", words.count > 1 else { continue }
                let subcommand = words[1].hasPrefix("-") ? nil : words[1]
                let help = try DocSandbox.run([binary.path] + (subcommand.map { [$0, "--help"] } ?? ["--help"]), in: nil, environment: nil)
                #expect(help.status == 0, "\(block): \(line): `gridrender \(subcommand ?? "") --help` exits \(help.status)")
                let code = line.components(separatedBy: "  #").first ?? line
                for option in Self.options(in: code) where !help.output.contains(option) {
                    Issue.record("\(block): \(line): `gridrender \(subcommand ?? "") --help` does not list \(option)")
                }
            }
        }
    }

    @Test(arguments: docs)
    func pythonBlocksCompile(_ doc: String) throws {
        for block in try Self.blocks(doc, where: { $0 == .python }) {
            let check = "import ast, sys; ast.parse(sys.argv[1])"
            let result = try DocSandbox.run(["/usr/bin/python3", "-c", check, block.text], in: nil, environment: nil)
            #expect(result.status == 0, "\(block): not Python: \(result.output)")
        }
    }

    /// Skipped, with this reason, where no python3 has pandas; `pythonBlocksCompile` and
    /// `syntaxOnlyShellBlocksParse` still check those blocks.
    @Test(.enabled(if: DocSandbox.pandasPython != nil,
                   "needs python3 with pandas: scripts/setup.sh installs it into .build/venv"),
          arguments: docs)
    func pandasBlocksRun(_ doc: String) throws {
        let python = try #require(DocSandbox.pandasPython)
        for block in try Self.blocks(doc, where: { $0 == .python || $0 == .runWithPandas }) {
            let sandbox = try DocSandbox()
            defer { sandbox.remove() }
            // The sandbox's PATH finds this python3 first, for the shell blocks.
            let result = block.check == .python ? try sandbox.run([python, "-c", block.text]) : try sandbox.bash(block.text)
            #expect(result.status == 0, "\(block): exit \(result.status)\n\(result.output.suffix(2_000))")
        }
    }

    // MARK: - The parser and the rules themselves

    @Test func theParserFindsFencedIndentedAndMarkedBlocks() {
        let markdown = """
            Text.

                indented code
                more

            - a list item

                continued, not code

            <!-- docs-test: syntax: needs Docker -->
            ```sh
            docker run x
            ```

            ```text
            uncovered
            ```

            <!-- docs-test: usage -->
            ```
            gridrender render IN -o OUT
            ```
            """
        let blocks = DocCodeBlock.parse(markdown, file: "t.md")
        #expect(blocks.map(\.line) == [3, 11, 15, 20])
        #expect(blocks.map(\.text) == ["indented code\nmore", "docker run x", "uncovered", "gridrender render IN -o OUT"])
        #expect(blocks.map(\.check) == [.run(exit: 0), .syntax("needs Docker"), nil, .usage])
    }

    @Test func aMarkerWithoutItsReasonCoversNothing() {
        for marker in ["syntax", "run-by", "json", "output-of", "output", "exits", "exits: one", "unknown: x"] {
            let block = DocCodeBlock(file: "t.md", line: 1, language: "sh", marker: marker, text: "true")
            #expect(block.check == nil, "\(marker)")
        }
    }

    // MARK: - Helpers

    /// The `run:` values anywhere in a YAML tree (GitHub Actions steps).
    static func runScripts(in node: Node) -> [String] {
        switch node.value {
        case .object(let members):
            return members.flatMap { member -> [String] in
                if member.key == "run", case .string(let script) = member.value.value { return [script] }
                return runScripts(in: member.value)
            }
        case .array(let nodes): return nodes.flatMap(runScripts)
        default: return []
        }
    }

    /// The `--long-option` words of a command line.
    static func options(in line: String) -> [String] {
        line.split(whereSeparator: { " [|]…=".contains($0) }).map(String.init)
            .filter { $0.hasPrefix("--") && $0.count > 2 }
    }

    static func testFile(named name: String) throws -> URL? {
        let tests = DocSandbox.root.appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(atPath: tests.path) else { return nil }
        for case let path as String in walker where path.hasSuffix("/\(name).swift") {
            return tests.appendingPathComponent(path)
        }
        return nil
    }
}
