import Testing
@testable import GridDocument
import GridTestSupport

/// `--page SIZE[,landscape]`: every named size in both orientations, generated WxH sizes, and
/// the values refused (one `--page` error each).
@Suite struct PageSizeArgumentTests {
    @Test func namedSizesMatchCanvasPageInBothOrientations() throws {
        for (name, page) in PageSizeArgument.named {
            // The same size `canvas.page` gives for the name.
            let decoded = try json(#"{"canvas": {"page": "\#(name)"}, "data": {"rows": [["a"]]}}"#).canvas.page
            #expect(decoded == page)
            for spelling in [name, name.uppercased(), " \(name) "] {
                #expect(try PageSizeArgument.parse(spelling) == page)
                #expect(try PageSizeArgument.parse(spelling + ",portrait") == page)
                #expect(try PageSizeArgument.parse(spelling + ", Landscape") == PreparedGrid.Page(width: page.height, height: page.width))
            }
        }
    }

    @Test func generatedWidthByHeight() throws {
        var rng = SplitMix(seed: 27)
        for _ in 0..<200 {
            let w = Double(Int.random(in: 72...20_000, using: &rng)) + [0, 0.5, 0.25].randomElement(using: &rng)!
            let h = Double(Int.random(in: 72...20_000, using: &rng))
            let separator = ["x", "X", "×", " x "].randomElement(using: &rng)!
            let text = "\(w.formatted)\(separator)\(h.formatted)"
            #expect(try PageSizeArgument.parse(text) == PreparedGrid.Page(width: w, height: h), "\(text)")
            let landscape = try PageSizeArgument.parse(text + ",landscape")
            #expect(landscape.width == max(w, h) && landscape.height == min(w, h))
        }
    }

    @Test(arguments: [
        ("a5", "unknown page size \"a5\""), ("leter", "did you mean \"letter\"?"), ("", "expected a size"),
        ("a4,sideways", "expected landscape or portrait"), ("a4,landscape,x", "expected a size"),
        ("10x842", "the page width: expected a page side from 72"), ("595x2000000", "the page height"),
        ("595x", "unknown page size"), ("x842", "unknown page size"), ("-595x842", "unknown page size"),
        ("1e3x842", "unknown page size"), ("595x842x3", "unknown page size"), ("nanxinf", "unknown page size"),
    ])
    func refusedValuesNameTheOption(text: String, fragment: String) {
        let error = documentError { () throws(DocumentError) in try PageSizeArgument.parse(text) }
        #expect(error?.keyPath == "--page")
        #expect(error?.message.contains(fragment) == true, "\(text): \(error?.message ?? "no error")")
    }
}

extension Double {
    /// `595` for whole numbers, else the shortest decimal form.
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
