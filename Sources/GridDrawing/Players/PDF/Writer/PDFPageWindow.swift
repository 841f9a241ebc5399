import Foundation
import GridDocument

/// The pages of the project's PDF between painting and the file (`RenderJob.ownPDF`), in three
/// steps after painting (issue 28: only what must be ordered is ordered):
/// - `number` (in page order, one lane at a time, cheap: `PDFDocumentJoin.number`),
/// - `format` (any lane, several pages at once: the page's objects made, packed, deflated),
/// - `write` (in page order, one lane at a time, cheap: the bytes copied out).
///
/// No thread of its own: a lane that hands a page in (`finished`) does the ordered steps that
/// are ready and formats numbered pages before painting its next one, unless a lane is idle to
/// take them; a lane that waits for the window, or has painted all its pages (`helpUntilDone`),
/// formats whatever is numbered meanwhile. So the pages of one lane's chunk are formatted by
/// every lane, and no lane idles while a page waits to be formatted. The ordered steps run
/// outside the lock, one lane at a time (a token), and so does formatting: no lane waits on the
/// lock for another's work, and the trace shows waiting as waiting.
///
/// A lane waits before painting a page more than `window` pages ahead of the next one to write,
/// so memory holds at most `window` pages (painted, numbered or formatted) whatever the page
/// count. A refusal or an error stops every lane.
final class PDFPageWindow<Painted, Numbered, Formatted>: @unchecked Sendable {
    /// The three steps; `number` and `write` are called in page order, one at a time.
    struct Steps {
        var number: (Painted) throws -> Numbered
        var format: (Numbered) throws -> Formatted
        var write: (Formatted) throws -> Void
    }

    private let condition = NSCondition()
    private let steps: Steps
    private let window: Int
    private let pageCount: Int
    private var painted: [Int: Painted] = [:]
    private var numbered: [Int: Numbered] = [:]
    private var formatted: [Int: Formatted] = [:]
    private var nextToNumber = 0
    private var nextToWrite = 0
    /// Whether a lane is doing the ordered steps.
    private var ordering = false
    /// Lanes waiting for something to do.
    private var idle = 0
    private var stopped = false
    private var reason: String?

    init(window: Int, pages: Int, steps: Steps) {
        self.window = max(1, window)
        pageCount = pages
        self.steps = steps
    }

    /// Why the writer gave up (read once the lanes are done).
    var refusal: String? {
        condition.lock(); defer { condition.unlock() }
        return reason
    }

    /// Whether every page was written.
    var isComplete: Bool {
        condition.lock(); defer { condition.unlock() }
        return nextToWrite == pageCount
    }

    /// Waits until page `index` is within the window, formatting meanwhile; false when the
    /// document was stopped.
    func waitForTurn(_ index: Int) throws -> Bool {
        try locked {
            while !stopped && index >= nextToWrite + window {
                if try !work(formatting: true) { idleWait("wait for page window") }
            }
            return !stopped
        }
    }

    /// Takes painted page `index`, then does the work that is ready: the ordered steps, and
    /// formatting when no other lane is idle to do it.
    func finished(_ index: Int, _ part: Painted) throws {
        try locked {
            guard !stopped else { return }
            precondition(index >= nextToNumber && painted[index] == nil, "page \(index) handed in twice")
            painted[index] = part
            condition.broadcast()
            while !stopped, try work(formatting: idle == 0) {}
        }
    }

    /// After a lane's last page: formats and writes the other lanes' pages until every page is
    /// written or the document stopped.
    func helpUntilDone() throws {
        try locked {
            while !stopped && nextToWrite < pageCount {
                if try !work(formatting: true) { idleWait("wait for pages") }
            }
        }
    }

    /// Stops every lane: a refusal (`reason`) or an error (nil).
    func stop(_ why: String?) {
        condition.lock(); defer { condition.unlock() }
        stopLocked(why)
    }

    private func stopLocked(_ why: String?) {
        if reason == nil, let why { reason = why }
        stopped = true
        condition.broadcast()
    }

    /// `body` with the lock held; an error it throws stops the document.
    private func locked<T>(_ body: () throws -> T) throws -> T {
        condition.lock(); defer { condition.unlock() }
        do { return try body() } catch {
            stopLocked(nil)
            throw error
        }
    }

    /// Waits (lock held) until another lane changes something.
    private func idleWait(_ name: String) {
        idle += 1
        Timings.wait(name) { condition.wait() }
        idle -= 1
    }

    /// Does one piece of ready work, lock held (released around the work): the ordered steps if
    /// no lane is doing them and one is ready, else (when `formatting`) the numbered page first
    /// in order. False when there was none.
    private func work(formatting: Bool) throws -> Bool {
        if !ordering && (painted[nextToNumber] != nil || formatted[nextToWrite] != nil) {
            ordering = true
            defer { ordering = false; condition.broadcast() }
            while !stopped {
                if let part = painted.removeValue(forKey: nextToNumber) {
                    let index = nextToNumber
                    let page = try unlocked { try Timings.span("number page") { try steps.number(part) } }
                    numbered[index] = page
                    nextToNumber += 1
                    condition.broadcast()
                } else if let bytes = formatted.removeValue(forKey: nextToWrite) {
                    try unlocked { try Timings.span("write page") { try steps.write(bytes) } }
                    nextToWrite += 1
                    condition.broadcast()
                } else {
                    break
                }
            }
            return true
        }
        guard formatting, let index = numbered.keys.min(), let page = numbered.removeValue(forKey: index) else { return false }
        let bytes = try unlocked { try Timings.span("format page", .region, args: [("page", index)]) { try steps.format(page) } }
        formatted[index] = bytes
        condition.broadcast()
        return true
    }

    /// `body` with the lock released (taken again after, also when it throws).
    private func unlocked<T>(_ body: () throws -> T) throws -> T {
        condition.unlock(); defer { condition.lock() }
        return try body()
    }
}
