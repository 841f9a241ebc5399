import Foundation
import Testing

/// The Swift blocks of README.md, docs/API.md, docs/snapshots.md and docs/CLI.md (which has none
/// today) are the sample package's code: each must appear,
/// line for line (indentation aside), in a file of Examples/Tour, which CI builds, runs and tests
/// (Examples/Tour/check.sh). Change a block and this test says which file to change with it.
@Suite struct DocBlockTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url = url.deletingLastPathComponent()
        }
        return url
    }()

    /// The ```swift blocks of a Markdown file, each with the line it starts on.
    static func swiftBlocks(in file: String) throws -> [(line: Int, lines: [String])] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var blocks: [(Int, [String])] = [], current: [String]? = nil, start = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []; start = index + 1
            } else if current != nil, trimmed == "```" {
                blocks.append((start, current!)); current = nil
            } else if current != nil {
                current!.append(String(line))
            }
        }
        return blocks
    }

    /// Lines without indentation or trailing blanks, empty lines dropped.
    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The Swift and Package.swift files of the sample package.
    static func tourFiles() -> [(String, [String])] {
        let tour = root.appendingPathComponent("Examples/Tour")
        guard let walker = FileManager.default.enumerator(atPath: tour.path) else { return [] }
        var files: [(String, [String])] = []
        for case let path as String in walker {
            if path.hasPrefix(".") { walker.skipDescendants(); continue }   // .build, .swiftpm
            guard path.hasSuffix(".swift"), let text = try? String(contentsOf: tour.appendingPathComponent(path), encoding: .utf8) else { continue }
            files.append((path, normalized(text.components(separatedBy: "\n"))))
        }
        return files
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    @Test(arguments: DocCodeBlockTests.docs)
    func everySwiftBlockIsSampleCode(_ doc: String) throws {
        let files = Self.tourFiles()
        #expect(files.count >= 8, "Examples/Tour has its sources")
        let blocks = try Self.swiftBlocks(in: doc)
        #expect(!blocks.isEmpty || doc == "docs/CLI.md", "\(doc) has Swift blocks")
        for block in blocks {
            let lines = Self.normalized(block.lines)
            #expect(files.contains { Self.contains($0.1, lines) },
                    "\(doc):\(block.line): this Swift block is not in any file of Examples/Tour; change the sample with the doc")
        }
    }

    @Test func noDocNamesAFileOutsideTheRepository() throws {
        for doc in ["docs/API.md", "docs/snapshots.md",
                    "Sources/GridRender/GridRender.docc/GridRender.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
            #expect(!text.contains("../shared"), "\(doc) names ../shared, which is not in the repository")
            #expect(!text.contains("<owner>"), "\(doc) has a placeholder URL")
        }
    }
}
