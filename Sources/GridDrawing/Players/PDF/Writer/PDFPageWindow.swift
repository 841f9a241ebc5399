import Foundation
import GridDocument

/// The pages of the project's PDF between painting and writing (`RenderJob.ownPDF`): a lane
/// hands each page here when it is encoded, and the pages that are next in page order are
/// joined at once by that lane; a lane waits before painting a page more than `window` pages
/// ahead of the next one to write, so memory holds at most `window` pages whatever the page
/// count. A refusal or an error stops every lane.
final class PDFPageWindow: @unchecked Sendable {
    private let condition = NSCondition()
    private var parts: [Int: PDFPagePart] = [:]
    private var next = 0
    private let window: Int
    private var stopped = false
    private var reason: String?

    init(window: Int) {
        self.window = max(1, window)
    }

    /// Why the writer gave up (read once the lanes are done).
    var refusal: String? {
        condition.lock(); defer { condition.unlock() }
        return reason
    }

    /// Waits until page `index` is within the window; false when the document was stopped.
    func waitForTurn(_ index: Int) -> Bool {
        condition.lock(); defer { condition.unlock() }
        if !stopped && index >= next + window {
            Timings.wait("wait for page window") { while !stopped && index >= next + window { condition.wait() } }
        }
        return !stopped
    }

    /// Takes page `index` and joins the pages now next in order with `join` (one lane at a time).
    func finished(_ index: Int, _ part: PDFPagePart, join: (PDFPagePart) throws -> Void) throws {
        condition.lock(); defer { condition.unlock() }
        guard !stopped else { return }
        parts[index] = part
        while let ready = parts.removeValue(forKey: next) {
            try join(ready)
            next += 1
        }
        condition.broadcast()
    }

    /// Stops every lane: a refusal (`reason`) or an error (nil).
    func stop(_ why: String?) {
        condition.lock(); defer { condition.unlock() }
        if reason == nil, let why { reason = why }
        stopped = true
        condition.broadcast()
    }
}
