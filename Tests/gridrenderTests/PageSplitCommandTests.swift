import Foundation
import Testing

/// `canvas.page`'s object form from the command line: bad values and a column too wide for a split
/// page are one error line with the file and key path, exit 2, and no output file.
@Suite struct PageSplitCommandTests {
    @Test(arguments: [
        (#"{"size": "a3"}"#, #"error: doc.json:3: canvas.page.size: unknown page size "a3""#),
        (#"{"size": "a4", "split": "rows"}"#, #"error: doc.json:3: canvas.page.split: expected "columns""#),
        (#"{"size": "a4", "continued": 2}"#, "error: doc.json:3: canvas.page.continued: expected true, false or a text"),
        (#"{"width": -1, "height": 400}"#, "error: doc.json:3: canvas.page.width:"),
        (#"{"size": "a4", "split": "columns"}"#, #"error: doc.json: canvas.page.split: column "notes" needs a page 725 pt wide"#),
    ])
    func badPagesAreOneLine(page: String, message: String) throws {
        let dir = try CLI.scratch("pagesplit")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let document = "{\"columns\": [{\"key\": \"a\"}, {\"key\": \"notes\", \"width\": 700}], \"data\": {\"rows\": [[\"x\", \"y\"]]},\n \"canvas\": {\n  \"page\": \(page)}}"
        try document.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        for output in ["out.pdf", "out.png"] {
            let run = try CLI.run(["render", "doc.json", "-o", output], in: dir)
            #expect(run.status == 2, "\(page): exit \(run.status)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix(message), "\(page): \(run.stderr)")
        }
        #expect(CLI.listing(dir) == ["doc.json"])
    }
}
