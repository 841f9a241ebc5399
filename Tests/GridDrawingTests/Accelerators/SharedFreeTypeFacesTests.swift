import GridDocument
@testable import GridDrawing
import GridRenderAccelerators
import Testing

/// FreeType faces are opened once per font file and given to cairo, so many renders at once, each
/// needing more font files than cairo 1.16 keeps open (ten), all finish (cairo used to close and
/// reopen faces across threads: a crash or "error occurred in libfreetype") and give the bytes of
/// a render done alone.
@Suite struct SharedFreeTypeFacesTests {
    @Test func sharedFacesAreInForceInThisProcess() {
        #expect(SharedFreeTypeFaces.isActive)
    }

    /// Twenty-odd scripts in regular, bold, italic and monospace: well over ten font files.
    static func manyFontsDocument(_ index: Int) throws -> PreparedGrid {
        let samples: [String] = ["Dobrý den", "Γειά σου", "Привет", "مرحبا", "שלום", "你好世界", "こんにちは", "안녕하세요",
                       "สวัสดี", "नमस्ते", "வணக்கம்", "সুপ্রভাত", "ሰላም", "ສະບາຍດີ", "ខ្មែរ", "မြန်မာ", "ગુજરાતી",
                       "ਪੰਜਾਬੀ", "తెలుగు", "ಕನ್ನಡ", "മലയാളം", "සිංහල", "Հայերեն", "✅ 🚀"]
        let split = index % samples.count
        let rotated = Array(samples[split...]) + Array(samples[..<split])
        let rows = rotated.map { "[\"\($0)\", \"**\($0)**\", \"*\($0)*\", \"`\($0)`\"]" }
        let json = """
        {"styles": {"cell": {"markup": "markdown"}},
         "columns": [{"key": "plain"}, {"key": "bold"}, {"key": "italic"}, {"key": "code"}],
         "data": {"rows": [\(rows.joined(separator: ","))]}}
        """
        return try Document.decode(json: Array(json.utf8), file: "fonts\(index).json").prepare()
    }

    @Test(arguments: [OutputFormat.pdf, .svg, .png])
    func concurrentManyFontRendersFinish(format: OutputFormat) async throws {
        let grids = try (0..<12).map { try Self.manyFontsDocument($0) }
        let serial = try grids.map { try GridRenderer.render($0, format: format) }
        for _ in 0..<2 {
            let concurrent = try await renderConcurrently(grids, format: format)
            // Compared as a Bool: a failing `==` on two byte arrays makes Swift Testing diff them.
            let differing = grids.indices.filter { concurrent[$0] != serial[$0] }
            #expect(differing.isEmpty, "documents \(differing) differ when rendered concurrently")
        }
        // More font files than cairo 1.16 keeps open, each opened once in the shared table.
        #expect(SharedFreeTypeFaces.count > 10)
    }
}
