import Foundation
import Testing

/// GridRender's public surface, counted from its sources: every public declaration (and every
/// case of its public enums) has a doc comment, and docs/API.md states how many there are.
@Suite struct PublicSurfaceTests {
    struct Declaration { var file: String; var line: Int; var text: String; var documented: Bool }

    static func declarations() throws -> [Declaration] {
        let sources = DocBlockTests.root.appendingPathComponent("Sources/GridRender")
        var result: [Declaration] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where name.hasSuffix(".swift") {
            let lines = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
                .components(separatedBy: "\n")
            for (index, raw) in lines.enumerated() {
                let line = raw.trimmingCharacters(in: .whitespaces)
                let isCase = line.hasPrefix("case ") && !["case .", "case let", "case var", "case _"].contains { line.hasPrefix($0) }
                    && !line.hasSuffix(":") && !line.contains(": return")
                // `public import` lines are imports, not declarations (PublicAPIListTests checks them).
                guard (line.hasPrefix("public ") && !line.hasPrefix("public import ")) || isCase else { continue }
                // The doc comment sits above, past any attribute lines.
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                let documented = above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///")
                result.append(Declaration(file: name, line: index + 1, text: line, documented: documented))
            }
        }
        return result
    }

    @Test func everyPublicSymbolHasADocComment() throws {
        for declaration in try Self.declarations() where !declaration.documented {
            Issue.record("Sources/GridRender/\(declaration.file):\(declaration.line): no doc comment: \(declaration.text)")
        }
    }

    @Test func apiDocStatesTheCount() throws {
        let count = try Self.declarations().count
        let api = try String(contentsOf: DocBlockTests.root.appendingPathComponent("docs/API.md"), encoding: .utf8)
        #expect(api.contains("\(count) public symbols in all"),
                "docs/API.md should say \"\(count) public symbols in all\"")
    }
}
