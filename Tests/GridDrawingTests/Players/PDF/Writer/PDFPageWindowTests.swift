import Foundation
import Testing
@testable import GridDrawing

/// `PDFPageWindow` (issue 28: the PDF join in parallel): pages painted by lanes on threads of their
/// own, finishing in generated orders, are numbered and written in page order, one ordered step at
/// a time, and formatted by whichever lane is free, with at most `window` pages held; a refusal or
/// an error part-way stops every lane.
@Suite(.timeLimit(.minutes(2))) struct PDFPageWindowTests {
    /// What the steps saw, recorded under a lock.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        var numbered: [Int] = []
        var written: [Int] = []
        var formattedBy: [Int: String] = [:]
        var paintedBy: [Int: String] = [:]
        /// Ordered steps running now, and whether two ever ran at once.
        var ordering = 0
        var orderedOverlap = false
        /// Pages between their turn and their write, and the most at once.
        var held = 0
        var mostHeld = 0
        /// Each lane's thread.
        var lanes: [pthread_t: String] = [:]
        /// What the lanes threw.
        var thrown: [any Error] = []

        func with<T>(_ body: (Record) -> T) -> T { lock.lock(); defer { lock.unlock() }; return body(self) }
    }

    struct Refused: Error {}
    struct WriteFailed: Error {}

    /// Runs `lanes` lanes on threads of their own over `pages` pages (`laneOf`), each page painted
    /// for `paintMicros(page)`, the way `RenderJob.ownPDF` drives the window. Returns the window,
    /// the record, and the errors the lanes threw.
    static func run(pages: Int, lanes: Int, window: Int, laneOf: [Int], paintMicros: (Int) -> UInt32, formatMicros: UInt32 = 200,
                    refuseAt: Int? = nil, failWriteAt: Int? = nil) -> (PDFPageWindow<Int, Int, String>, Record, [any Error]) {
        let record = Record()
        let state = PDFPageWindow<Int, Int, String>(window: window, pages: pages, steps: .init(
            number: { page in
                record.with { r in r.ordering += 1; if r.ordering > 1 { r.orderedOverlap = true } }
                defer { record.with { $0.ordering -= 1 } }
                return record.with { r in r.numbered.append(page); return page * 10 }
            },
            format: { numbered in
                usleep(formatMicros)
                record.with { $0.formattedBy[numbered / 10] = $0.lanes[pthread_self()] ?? "?" }
                return "page \(numbered / 10)"
            },
            write: { bytes in
                record.with { r in r.ordering += 1; if r.ordering > 1 { r.orderedOverlap = true } }
                defer { record.with { $0.ordering -= 1 } }
                let page = Int(bytes.dropFirst(5))!
                if page == failWriteAt { throw WriteFailed() }
                record.with { r in r.written.append(page); r.held -= 1 }
            }))
        let done = DispatchGroup()
        let delays = (0..<pages).map(paintMicros)
        for lane in 0..<lanes {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                record.with { $0.lanes[pthread_self()] = "lane \(lane)" }
                do {
                    for index in 0..<pages where laneOf[index] == lane {
                        guard try state.waitForTurn(index) else { return }
                        record.with { r in r.held += 1; r.mostHeld = max(r.mostHeld, r.held); r.paintedBy[index] = r.lanes[pthread_self()] ?? "?" }
                        usleep(delays[index])
                        if index == refuseAt { throw Refused() }
                        try state.finished(index, index)
                    }
                    try state.helpUntilDone()
                } catch is Refused {
                    state.stop("refused at \(refuseAt ?? -1)")
                } catch {
                    state.stop(nil)
                    record.with { $0.thrown.append(error) }
                }
            }
            thread.start()
        }
        done.wait()
        return (state, record, record.with { $0.thrown })
    }

    /// Generated documents: 1–40 pages given to 1–7 lanes at random, random painting times, a
    /// window of 1–10. Every page is numbered and written once, in page order, the ordered steps
    /// never overlap, and no more than `window` pages are held at once.
    @Test(arguments: 0..<16)
    func pagesAreNumberedAndWrittenInOrder(seed: Int) {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0x3A1)
        let pages = 1 + Int(rng.next() % 40), lanes = 1 + Int(rng.next() % 7), window = 1 + Int(rng.next() % 10)
        let laneOf = (0..<pages).map { _ in Int(rng.next() % UInt64(lanes)) }
        let delays = (0..<pages).map { _ in UInt32(rng.next() % 3_000) }
        let (state, record, errors) = Self.run(pages: pages, lanes: lanes, window: window, laneOf: laneOf, paintMicros: { delays[$0] })
        #expect(errors.isEmpty && state.refusal == nil && state.isComplete)
        record.with { r in
            #expect(r.numbered == Array(0..<pages), "pages \(pages), lanes \(lanes), window \(window)")
            #expect(r.written == Array(0..<pages))
            #expect(r.formattedBy.count == pages)
            #expect(!r.orderedOverlap)
            #expect(r.mostHeld <= window, "\(r.mostHeld) pages held, window \(window)")
        }
    }

    /// One lane paints every page, slowly; the other has none: it formats the pages the first
    /// hands in (a lane that is idle takes the formatting; the painting lane goes on painting).
    @Test func anotherLaneFormatsWhatOnePaints() {
        let pages = 12
        let (_, record, errors) = Self.run(pages: pages, lanes: 2, window: 4, laneOf: Array(repeating: 0, count: pages),
                                            paintMicros: { _ in 20_000 })
        #expect(errors.isEmpty)
        record.with { r in
            let byOther = r.formattedBy.filter { $0.value == "lane 1" }.count
            #expect(r.paintedBy.values.allSatisfy { $0 == "lane 0" })
            #expect(byOther >= pages - 2, "\(r.formattedBy.sorted { $0.key < $1.key })")
            #expect(r.written == Array(0..<pages))
        }
    }

    /// A lane waiting for the window formats the pages of the lane it waits for: lane 1 paints
    /// pages 4… at once and waits; lane 0 paints pages 0–3 slowly and keeps painting.
    @Test func aLaneWaitingForTheWindowFormats() {
        let pages = 10
        let laneOf = (0..<pages).map { $0 < 4 ? 0 : 1 }
        let (_, record, errors) = Self.run(pages: pages, lanes: 2, window: 3, laneOf: laneOf,
                                            paintMicros: { $0 < 4 ? 20_000 : 0 })
        #expect(errors.isEmpty)
        record.with { r in
            let lane0PagesByLane1 = (0..<4).filter { r.formattedBy[$0] == "lane 1" }.count
            #expect(lane0PagesByLane1 >= 3, "\(r.formattedBy.sorted { $0.key < $1.key })")
            #expect(r.written == Array(0..<pages))
        }
    }

    /// A refusal while painting a page part-way stops every lane: the window says why, and no
    /// page at or after the refused one is written.
    @Test(arguments: 0..<8)
    func aRefusalStopsEveryLane(seed: Int) {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0x5EF)
        let pages = 2 + Int(rng.next() % 30), lanes = 2 + Int(rng.next() % 5)
        let refuseAt = Int(rng.next() % UInt64(pages))
        let laneOf = (0..<pages).map { _ in Int(rng.next() % UInt64(lanes)) }
        let (state, record, errors) = Self.run(pages: pages, lanes: lanes, window: 4, laneOf: laneOf,
                                                paintMicros: { _ in UInt32(500) }, refuseAt: refuseAt)
        #expect(errors.isEmpty)
        #expect(state.refusal == "refused at \(refuseAt)")
        #expect(!state.isComplete)
        record.with { r in
            #expect(r.written == Array(0..<r.written.count) && r.written.count <= refuseAt)
        }
    }

    /// An error writing a page stops every lane and reaches the caller once.
    @Test(arguments: 0..<6)
    func aWriteErrorStopsEveryLane(seed: Int) {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0xFA1)
        let pages = 2 + Int(rng.next() % 30), lanes = 1 + Int(rng.next() % 5)
        let failAt = Int(rng.next() % UInt64(pages))
        let laneOf = (0..<pages).map { _ in Int(rng.next() % UInt64(lanes)) }
        let (state, record, errors) = Self.run(pages: pages, lanes: lanes, window: 5, laneOf: laneOf,
                                                paintMicros: { _ in UInt32(300) }, failWriteAt: failAt)
        #expect(errors.count == 1 && errors.first is WriteFailed)
        #expect(state.refusal == nil && !state.isComplete)
        record.with { r in #expect(r.written == Array(0..<failAt)) }
    }
}
