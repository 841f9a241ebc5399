import Foundation
import Testing
@testable import GridSnapshot

/// The HTML pages link images by file path: every path goes through `URLPath.reference` and
/// `XMLText.escaped`, so a file named like a URL with a scheme stays a relative path and names
/// with quotes, commas, spaces or markup cannot leave the attribute.
@Suite struct ReportLinkEscapingTests {
    static let names = ["javascript:alert(1).png", "JavaScript:x.png", "data:text,x.png", "a,b <c>.png", "q\"uote'.png",
                        "x\" onerror=\"alert(1).png", "sub/javascript:y.png", "%2e%2e.png", "é 日本.png", "a\u{1}b.png"]

    /// The `href` and `src` values of a page, as written.
    static func targets(_ html: String) -> [String] {
        var out: [String] = []
        for attribute in [" href=\"", " src=\""] {
            var rest = html[...]
            while let r = rest.range(of: attribute) {
                let end = rest[r.upperBound...].firstIndex(of: "\"") ?? rest.endIndex
                out.append(String(rest[r.upperBound..<end]))
                rest = rest[end...]
            }
        }
        return out
    }

    @Test func snapshotReportLinksAreRelativePathsInsideTheirAttributes() {
        let entries = Self.names.enumerated().map { i, name in
            SnapshotReport.Entry(name: "<script>alert(\(i))</script>", message: name, expected: name, actual: "files/\(name)", diff: nil, reference: name)
        }
        let html = SnapshotReport.html(entries)
        let targets = Self.targets(html).filter { !$0.hasPrefix("#") }
        // Per entry: side by side and blink (link and image each), the slider's two images.
        #expect(targets.count == 10 * Self.names.count, "\(targets.count)")
        let bad = targets.filter { target in
            let firstSegment = target.prefix { $0 != "/" }
            return firstSegment.contains(":") || target.contains(where: { " \"'<>,".contains($0) }) || target.unicodeScalars.contains { $0.value < 0x20 || $0.value > 0x7E }
        }
        #expect(bad.count == 0, "\(bad)")
        #expect(targets.contains("./javascript:alert(1).png"))
        #expect(targets.contains("a%2Cb%20%3Cc%3E.png"))
        #expect(targets.contains("files/javascript:alert(1).png"))
        #expect(!html.contains("<script>alert("))
        #expect(!html.contains("onerror=\"alert"))
    }
}
