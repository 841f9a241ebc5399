import Dispatch
import Foundation
import Testing
@testable import GridDocument

/// The recorder behind `render --timings`: spans nest per thread in whole microseconds, threads
/// keep the numbers they are given, waits that did not block are dropped, many threads record
/// at once without losing a span, and the Chrome trace is the JSON the format asks for.
@Suite(.serialized) struct TimingsTests {
    /// Spans of one thread, checked to nest: each is inside the one it started in, or after it.
    static func checkNesting(_ spans: [TimingsSpan], sourceLocation: SourceLocation = #_sourceLocation) {
        for tid in Set(spans.map(\.tid)) {
            var open: [TimingsSpan] = []
            for span in spans.filter({ $0.tid == tid }) {
                while let last = open.last, last.end <= span.start { open.removeLast() }
                if let parent = open.last {
                    #expect(span.end <= parent.end, "\(span.name) [\(span.start), \(span.end)] crosses \(parent.name) [\(parent.start), \(parent.end)] on thread \(tid)",
                            sourceLocation: sourceLocation)
                }
                open.append(span)
            }
        }
    }

    @Test func spansNestInWholeMicroseconds() {
        let timings = Timings()
        timings.span("outer") {
            timings.span("first", .region, args: [("band", 3), ("rows", 2048)]) { usleep(2_000) }
            timings.span("second") { timings.span("innermost") { usleep(1_000) } }
        }
        let spans = timings.spans()
        #expect(spans.map(\.name) == ["outer", "first", "second", "innermost"])
        #expect(spans.allSatisfy { $0.tid == 0 && $0.start >= 0 && $0.duration >= 0 })
        #expect(spans[1].duration >= 2_000 && spans[3].duration >= 1_000)
        #expect(spans[1].args.map(\.key) == ["band", "rows"] && spans[1].args.map(\.value) == [3, 2048])
        #expect(spans[1].category == .region && spans[0].category == .phase)
        Self.checkNesting(spans)
        // Sequential spans do not overlap.
        #expect(spans[1].end <= spans[2].start)
    }

    @Test func threadsKeepTheirNumbers() {
        let timings = Timings()
        let group = DispatchGroup()
        for k in 1...3 {
            DispatchQueue(label: "lane").async(group: group) {
                timings.thread(k, "lane \(k)") { timings.span("measure chunk", .region) { usleep(500) } }
                timings.span("unnamed") {}
            }
        }
        group.wait()
        timings.span("main work") {}
        let spans = timings.spans()
        #expect(Set(spans.filter { $0.name == "measure chunk" }.map(\.tid)) == [1, 2, 3])
        #expect(spans.filter { $0.name == "main work" }.map(\.tid) == [0])
        // After `thread`, a queue's thread records under a number of its own, 128 and up.
        #expect(spans.filter { $0.name == "unnamed" }.allSatisfy { $0.tid >= 128 })
        let names = Dictionary(uniqueKeysWithValues: timings.threadNames(of: spans).map { ($0.tid, $0.name) })
        #expect(names[0] == "main" && names[1] == "lane 1" && names[3] == "lane 3")
        // Only threads with spans are named.
        #expect(timings.threadNames(of: []).map(\.tid) == [0])
    }

    @Test func waitsThatDidNotBlockAreDropped() {
        let timings = Timings()
        let ready = DispatchSemaphore(value: 1), later = DispatchSemaphore(value: 0)
        timings.span("work") {
            timings.span("signalled", .wait) { ready.wait() }
            ready.signal()   // libdispatch traps on a semaphore freed below its first value
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { later.signal() }
            timings.span("blocked", .wait) { later.wait() }
        }
        let spans = timings.spans()
        #expect(spans.map(\.name) == ["work", "blocked"])
        #expect(spans[1].category == .wait && spans[1].duration >= 15_000)
    }

    /// Generated load: threads × spans, nested three deep, all recorded and nested per thread.
    @Test(arguments: [(2, 500), (8, 300), (16, 50)])
    func manyThreadsRecordEverySpan(threads: Int, perThread: Int) {
        let timings = Timings()
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            timings.thread(t + 1, "worker \(t + 1)") {
                for i in 0..<perThread {
                    timings.span("outer") {
                        timings.span("middle", .region, args: [("index", i)]) {
                            if i % 7 == 0 { timings.span("inner") {} }
                        }
                    }
                }
            }
        }
        let spans = timings.spans()
        let inner = (0..<perThread).filter { $0 % 7 == 0 }.count
        #expect(spans.count == threads * (2 * perThread + inner))
        for t in 1...threads {
            let mine = spans.filter { $0.tid == t && $0.name == "middle" }
            #expect(mine.map { $0.args[0].value } == Array(0..<perThread))
        }
        Self.checkNesting(spans)
    }

    @Test func offRecordsNothingAndRunsTheBody() throws {
        Timings.install(nil)
        var ran = 0
        Timings.span("phase") { ran += 1 }
        Timings.wait("wait") { ran += 1 }
        try Timings.thread(1, "lane") { () throws -> Void in ran += 1 }
        #expect(ran == 3)
        let timings = Timings()
        Timings.install(timings)
        defer { Timings.install(nil) }
        Timings.span("installed") { Timings.span("chunk", .region, args: [("chunk", 1)]) {} }
        #expect(timings.spans().map(\.name) == ["installed", "chunk"])
    }

    @Test func typedErrorsPassThrough() {
        let timings = Timings()
        struct Refused: Error {}
        #expect(throws: Refused.self) { try timings.span("failing") { () throws(Refused) in throw Refused() } }
        // The span is recorded although its body threw.
        #expect(timings.spans().map(\.name) == ["failing"])
    }

    /// The Chrome trace: only `traceEvents`; metadata events name the process and the threads;
    /// complete events have exactly the keys of the format, whole microseconds, and names with
    /// any character come back as written.
    @Test(arguments: ["plain", "quote \" back\\slash", "new\nline\ttab", "control \u{1} \u{1F}", "é ü 表 🙂"])
    func chromeTraceShape(name: String) throws {
        let timings = Timings()
        timings.span(name) { timings.span("paint band", .region, args: [("band", 0), ("rows", 12)]) {} }
        DispatchQueue(label: "lane").sync { timings.thread(2, "lane \(name)") { timings.span("measure chunk", .region) {} } }
        let bytes = timings.chromeTrace()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(Array(json.keys) == ["traceEvents"])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        let metadata = events.filter { $0["ph"] as? String == "M" }
        #expect(metadata.map { $0["name"] as? String } == ["process_name", "thread_name", "thread_name"])
        #expect(metadata.compactMap { ($0["args"] as? [String: String])?["name"] } == ["gridrender", "main", "lane \(name)"])
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == 3)
        for event in complete {
            let keys = Set(event.keys).subtracting(["args"])
            #expect(keys == ["name", "cat", "ph", "ts", "dur", "pid", "tid"])
            for key in ["ts", "dur", "pid", "tid"] {
                #expect((event[key] as? Int).map { $0 >= 0 } == true, "\(key)")
            }
        }
        // Whole numbers as written: digits only, no fraction or exponent.
        let text = String(decoding: bytes, as: UTF8.self)
        let numbers = try Regex(#""(ts|dur)": ([^,}]*)"#)
        let written = text.matches(of: numbers).map { String($0.output[2].substring ?? "") }
        #expect(written.count == 6 && written.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }, "\(written)")
        #expect(complete.map { $0["name"] as? String } == [name, "paint band", "measure chunk"])
        #expect(complete.map { $0["tid"] as? Int } == [0, 0, 2])
        #expect((complete[1]["args"] as? [String: Int]) == ["band": 0, "rows": 12])
        #expect(complete[0]["args"] == nil)
    }
}
