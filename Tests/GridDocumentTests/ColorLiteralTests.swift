@testable import GridDocument
import Testing

@Suite struct ColorLiteralTests {
    @Test func cssStringLiterals() {
        let hex: Color = "#e11d48"
        let named: Color = "teal"
        let rgb: Color = "rgb(16 32 48 / 50%)"
        #expect(hex == Color(css: "#e11d48"))
        #expect(named == Color(red: 0, green: 128 / 255, blue: 128 / 255))
        #expect(rgb.alpha == 0.5)
        #expect(Document.Cell.swatch("#e11d48").value == .swatch(Color(css: "#e11d48")!))
    }

    /// An invalid literal is a programming error: a debug build stops with a message naming it.
    @Test func invalidLiteralTrapsInDebug() async {
        #if DEBUG
        await #expect(processExitsWith: .failure) {
            let colour: Color = "not-a-colour"
            _ = colour
        }
        #endif
    }
}
