import Foundation
import GridDocument

/// The review page of a folder comparison (`compare EXPECTED_DIR ACTUAL_DIR --report DIR`):
/// `ReviewPage`'s `index.html` with the images beside it in `images/`, so the folder works
/// offline from disk or as a CI artifact, with no network access at all.
///
/// Changed, added, removed and unreadable images come first, each with the command that accepts
/// it; unchanged images are listed by name only (their pictures are not copied). The changed
/// area (`ComparisonResult.changedBox`) is boxed and zoomed to, the masks applied to a pair
/// (`FolderComparison.Entry.masks`) are outlined.
///
/// To publish entries that did not come from one comparison (shards merged), build the
/// `FolderReport` from them and call `write(to:)`; `reviewPage(links:)` gives the page itself.
package struct FolderReportPage: Sendable {
    package let report: FolderReport

    package init(report: FolderReport) { self.report = report }

    /// Where the images of a report in `directory` go (diff images are written there directly).
    package static func imagesDirectory(in directory: String) -> String { directory + "/images" }

    /// Writes a file atomically (temporary file + rename), as every report output is written.
    package static func write(_ data: Data, to path: String) throws(ImageError) {
        try FileIO.write(data, to: path)
    }

    /// Writes `index.html` and copies the images it shows into `directory/images`.
    package func write(to directory: String) throws(ImageError) {
        let root = PathBytes.absolute(directory)
        let images = Self.imagesDirectory(in: root)
        try FileIO.createDirectory(images)
        var links: [String: [String: String]] = [:]
        for entry in report.entries where entry.status != .unchanged && entry.status != .error {
            var roles: [String: String] = [:]
            for (role, source) in [("expected", entry.expectedImage), ("actual", entry.actualImage), ("diff", entry.diffImage)] {
                guard let source else { continue }
                let target = "\(images)/\(entry.path).\(role).png"
                let absolute = PathBytes.absolute(source)
                if absolute != target {
                    try FileIO.write(try FileIO.read(absolute), to: target)
                }
                roles[role] = "images/\(entry.path).\(role).png"
            }
            links[entry.path] = roles
        }
        try FileIO.write(Data(html(links: links).utf8), to: root + "/index.html")
    }

    // MARK: - HTML

    static func href(_ path: String) -> String { ReviewPage.href(path) }

    /// The page, with `links[path][role]` the image paths relative to it.
    package func reviewPage(links: [String: [String: String]]) -> ReviewPage {
        let flagged = report.entries.filter { $0.status != .unchanged }
        let entries = flagged.map { entry in
            let roles = links[entry.path] ?? [:]
            var page = ReviewPage.Entry(title: entry.path, status: entry.status.rawValue, summary: entry.summary,
                                        expected: roles["expected"], actual: roles["actual"], diff: roles["diff"],
                                        masks: entry.masks)
            if let result = entry.result { page.take(result) }
            if entry.status != .error {
                page.acceptCommand = report.acceptCommand(entry.path, prune: entry.status == .removed)
            }
            return page
        }
        return ReviewPage(title: "gridrender compare", summary: report.summary,
                          details: [.init("expected", report.expectedDirectory), .init("actual", report.actualDirectory)],
                          acceptAll: flagged.isEmpty ? nil : report.acceptCommand(prune: report.count(.removed) > 0),
                          entries: entries, unchanged: report.entries.filter { $0.status == .unchanged }.map(\.path),
                          emptyMessage: "Every image is unchanged.")
    }

    func html(links: [String: [String: String]]) -> String { reviewPage(links: links).html() }
}
