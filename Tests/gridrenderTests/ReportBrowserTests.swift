import Foundation
import GridSnapshot
import Testing

/// The folder report opened the way a reviewer opens it: headless Chromium (Debian `chromium`,
/// installed by scripts/setup.sh) loads `index.html` from disk with the network disabled. The
/// page's script must run to the end with no console message, every image must load, and a
/// screenshot must show the page (not a blank one).
@Suite struct ReportBrowserTests {
    static let chromium: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { name -> String? in
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }.first

    struct Browser {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func browse(_ arguments: [String], in directory: String) throws -> Browser {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromium))
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                             "--disable-extensions", "--enable-logging=stderr", "--v=0",
                             "--user-data-dir=\(directory)/chromium-profile",
                             // No network: every request other than file:// fails.
                             "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errBox = Box()
        let done = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread { errBox.data = errHandle.readDataToEndOfFile(); done.signal() }.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Browser(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: errBox.data, as: UTF8.self))
    }

    final class Box: @unchecked Sendable { var data = Data() }

    @Test(.enabled(if: chromium != nil, "chromium is not installed (scripts/setup.sh installs it); the report is not checked in a browser"))
    func reportRendersInHeadlessChromium() throws {
        let dir = try CompareFolderCommandTests.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["compare", "expected", "actual", "--report", "report"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let index = dir + "/report/index.html"
        let html = try String(contentsOfFile: index, encoding: .utf8)
        // Self-contained: no URL with a scheme other than the page's own relative files.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"))
        #expect(html.contains("src=\"images/one.png.diff.png\""))
        #expect(html.contains("gridrender accept -- expected actual one.png"))
        // Changed, added and removed come before the unchanged list.
        let order = ["one.png", "sub/new.png", "old.png", "unchanged</summary>"].map { html.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })

        let url = URL(fileURLWithPath: index).absoluteString
        let dom = try Self.browse(["--dump-dom", url], in: dir)
        #expect(dom.status == 0)
        #expect(dom.stdout.contains("data-ready=\"ok\""), "the page's script did not finish")
        let images = html.components(separatedBy: "<img ").count - 1
        // Images load lazily (a page of thousands must not fetch them all), so the page counts
        // them and reports broken eager ones; every file an image names must exist.
        #expect(dom.stdout.contains("data-images=\"\(images) images, 0 broken\""), "\(dom.stdout.prefix(300))")
        let sources = html.components(separatedBy: "<img ").dropFirst().compactMap { tag -> String? in
            guard let start = tag.range(of: "src=\"")?.upperBound, let end = tag[start...].firstIndex(of: "\"") else { return nil }
            return String(tag[start..<end])
        }
        #expect(sources.count == images)
        for source in sources {
            let path = dir + "/report/" + (source.removingPercentEncoding ?? source)
            #expect(FileManager.default.fileExists(atPath: path), "\(source)")
        }
        let console = dom.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(console.isEmpty, "console messages: \(console)")

        let shot = try Self.browse(["--window-size=1200,800", "--screenshot=\(dir)/shot.png", url], in: dir)
        #expect(shot.status == 0)
        let image = try RGBAImage(contentsOfPNGFile: dir + "/shot.png")
        #expect(image.width == 1200 && image.height == 800)
        var colours = Set<UInt32>()
        var nonWhite = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image[x, y]
                colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
                if p.r < 240 || p.g < 240 || p.b < 240 { nonWhite += 1 }
            }
        }
        #expect(colours.count > 20, "screenshot looks blank (\(colours.count) colours)")
        #expect(nonWhite > 2000, "screenshot looks blank (\(nonWhite) non-white samples)")
    }
}
