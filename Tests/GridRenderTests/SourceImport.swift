import Foundation

/// One `import` line of a Swift source file, read the way the compiler reads its access: in Swift 6
/// without `InternalImportsByDefault` a plain `import` is public, as are `public import` and
/// `@_exported import`; `internal`, `package`, `fileprivate` and `private` imports are not. Used to
/// check which engine modules a product re-exposes (the same rule as scripts/public-api.py).
struct SourceImport: Equatable {
    /// The imported module (`GridDrawing` for `import struct GridDrawing.RenderJob` too).
    var module: String
    /// Whether the import puts the module's public declarations in the importer's public API.
    var isPublic: Bool

    init(module: String, isPublic: Bool) {
        self.module = module
        self.isPublic = isPublic
    }

    /// The import on `line`, or nil when the line is not an import.
    init?(line: String) {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var isPublic = true
        while let first = words.first, first != "import" {
            switch first {
            case "public", "@_exported": break
            case "internal", "package", "fileprivate", "private": isPublic = false
            case _ where first.hasPrefix("@"): break                 // @preconcurrency, @testable…
            default: return nil
            }
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set<String> = ["struct", "enum", "class", "protocol", "func", "var", "let", "typealias"]
        let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        guard let module = path.split(separator: ".").first.map(String.init), !module.isEmpty else { return nil }
        self.module = module
        self.isPublic = isPublic
    }

    /// The modules that the `.swift` files under `folder` import publicly.
    static func publicModules(under folder: URL) throws -> Set<String> {
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
                if let found = SourceImport(line: line), found.isPublic { modules.insert(found.module) }
            }
        }
        return modules
    }
}
