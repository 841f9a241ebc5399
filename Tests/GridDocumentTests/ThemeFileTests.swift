import Foundation
@testable import GridDocument
import Testing

@Suite struct ThemeFileTests {
    @Test func readsAThemeFileWithItsExtendsChain() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("theme-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/brand.json"
        try Data(##"{"extends": "dark", "background": "#ffeedd"}"##.utf8).write(to: URL(fileURLWithPath: path))
        let theme = try Theme.read(path: path)
        #expect(theme.name == "brand")
        #expect(theme.background == Color(css: "#ffeedd"))
        #expect(theme.styles.header == Theme.dark.styles.header)
        #expect(throws: DocumentError.self) { try Theme.read(path: dir + "/missing.json") }
    }

    @Test func themeValueOnADocument() throws {
        var doc = try Document.decode(json: Array(#"{"data": {"rows": [[1]]}}"#.utf8))
        doc.theme = .theme(.ledger)
        #expect(try doc.prepare().background == (try { var d = doc; d.theme = .named("ledger"); return try d.prepare().background }()))
    }
}
