import Foundation
import Testing

/// `gridrender render … --timings FILE`: a Chrome trace of the render's phases on every thread.
/// Its shape is exactly the trace-event format's, spans nest per thread, the main thread's
/// top-level phases cover at least 90 % of the render, regions carry their index and rows, and
/// the rendered file is byte for byte the one made without the option.
@Suite struct TimingsCommandTests {
    /// A generated table: numbers, words and a long column, `rows` rows.
    static func table(rows: Int) -> String {
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
        return "id,name,city,amount,note\n" + (1...rows).map { i in
            "\(i),\(words[i % 8]) \(words[(i / 8) % 8]),City \(i % 37),\(Double(i * 37 % 10_000) / 4),\(String(repeating: words[i % 5] + " ", count: 1 + i % 4))"
        }.joined(separator: "\n") + "\n"
    }

    struct Span {
        var name: String, cat: String, ts: Int, dur: Int, tid: Int
        var args: [String: Int]?
        var end: Int { ts + dur }
    }

    /// The trace's complete events, after checking every event's keys and value types.
    static func spans(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Span] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Array(json.keys) == ["traceEvents"], sourceLocation: sourceLocation)
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        var spans: [Span] = []
        var named: Set<Int> = []
        for event in events {
            switch event["ph"] as? String {
            case "M":
                #expect(Set(event.keys) == ["name", "ph", "pid", "tid", "args"], sourceLocation: sourceLocation)
                if event["name"] as? String == "thread_name", let tid = event["tid"] as? Int { named.insert(tid) }
            case "X":
                #expect(Set(event.keys).subtracting(["args"]) == ["name", "cat", "ph", "ts", "dur", "pid", "tid"], sourceLocation: sourceLocation)
                let ts = try #require(event["ts"] as? Int), dur = try #require(event["dur"] as? Int), tid = try #require(event["tid"] as? Int)
                #expect(ts >= 0 && dur >= 0 && tid >= 0 && event["pid"] as? Int == 1, sourceLocation: sourceLocation)
                let cat = try #require(event["cat"] as? String)
                #expect(["process", "phase", "region", "wait"].contains(cat), sourceLocation: sourceLocation)
                let args = event["args"].map { $0 as? [String: Int] }
                #expect(args == nil || args! != nil, "args of \(event)", sourceLocation: sourceLocation)
                spans.append(Span(name: try #require(event["name"] as? String), cat: cat, ts: ts, dur: dur, tid: tid, args: args ?? nil))
            default:
                Issue.record("event neither M nor X: \(event)", sourceLocation: sourceLocation)
            }
        }
        // Every thread with spans is named, the main thread 0 among them.
        #expect(Set(spans.map(\.tid)).union([0]) == named, sourceLocation: sourceLocation)
        return spans
    }

    /// Each thread's spans nest: a span starting inside another ends inside it.
    static func checkNesting(_ spans: [Span], sourceLocation: SourceLocation = #_sourceLocation) {
        for tid in Set(spans.map(\.tid)) {
            var open: [Span] = []
            for span in spans.filter({ $0.tid == tid }).sorted(by: { ($0.ts, -$0.dur) < ($1.ts, -$1.dur) }) {
                while let last = open.last, last.end <= span.ts { open.removeLast() }
                if let parent = open.last {
                    #expect(span.end <= parent.end, "thread \(tid): \(span.name) [\(span.ts), \(span.end)] crosses \(parent.name) [\(parent.ts), \(parent.end)]",
                            sourceLocation: sourceLocation)
                }
                open.append(span)
            }
        }
    }

    /// The main thread's spans directly under the root, over the root's duration.
    static func coverage(_ spans: [Span]) throws -> Double {
        let root = try #require(spans.first { $0.cat == "process" && $0.tid == 0 })
        #expect(spans.filter { $0.cat == "process" }.count == 1 && root.ts == 0)
        var covered = 0, end = -1
        for span in spans.filter({ $0.tid == 0 && $0.cat != "process" }).sorted(by: { ($0.ts, -$0.dur) < ($1.ts, -$1.dur) }) where span.ts >= end {
            #expect(span.ts >= root.ts && span.end <= root.end)
            covered += span.dur
            end = span.end
        }
        return Double(covered) / Double(max(1, root.dur))
    }

    /// One format on one and two threads: the trace's shape, nesting, coverage and phases, and
    /// the output's bytes unchanged by recording.
    @Test(arguments: [("png", "paint band"), ("pdf", "paint page"), ("svg", "paint chunk")])
    func traceOfARender(format: String, region: String) throws {
        let dir = try CLI.scratch("timings-\(format)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.table(rows: 1_500).write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        for threads in ["1", "2"] {
            let env = ["GRIDRENDER_THREADS": threads]
            // A PDF in A4 pages: a region per page.
            let pages = format == "pdf" ? ["--page", "a4"] : []
            let plain = try CLI.run(["render", "t.csv", "-o", "plain.\(format)"] + pages, in: dir, environment: env)
            #expect(plain.status == 0, "\(plain.stderr)")
            let timed = try CLI.run(["render", "t.csv", "-o", "timed.\(format)", "--timings", "t.json"] + pages, in: dir, environment: env)
            #expect(timed.status == 0 && timed.stderr.isEmpty, "\(timed.stderr)")
            #expect(FileManager.default.contents(atPath: dir + "/plain.\(format)") == FileManager.default.contents(atPath: dir + "/timed.\(format)"))
            let spans = try Self.spans(dir + "/t.json")
            Self.checkNesting(spans)
            let coverage = try Self.coverage(spans)
            #expect(coverage >= 0.9, "\(format), \(threads) threads: phases cover \(coverage)")
            let names = Set(spans.map(\.name))
            let own = ["png": ["paint", "encode"], "pdf": ["encode page", "write page", "write"], "svg": ["paint cells", "write"]][format]!
            for phase in ["start", "prepare", "read", "decode", "fonts", "layout"] + own {
                #expect(names.contains(phase), "\(format): no \(phase) span")
            }
            let regions = spans.filter { $0.name == region }
            #expect(!regions.isEmpty && regions.allSatisfy { $0.cat == "region" && $0.args?["rows"].map { $0 > 0 } == true })
            if format == "svg" {
                // Chunks of rows, one after the other from the first row.
                let chunks = regions.compactMap { $0.args.flatMap { args in args["first row"].map { ($0, args["rows"]!) } } }.sorted { $0.0 < $1.0 }
                #expect(chunks.count == regions.count && chunks.count > 1 && chunks.first?.0 == 0)
                #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.0 + $0.1 == $1.0 }, "\(chunks)")
            } else {
                let key = format == "png" ? "band" : "page"
                #expect(regions.compactMap { $0.args?[key] }.sorted() == Array(0..<regions.count), "\(format): \(regions.map(\.args))")
            }
            // Waits are spans of their own, never the main thread's top level work.
            #expect(spans.filter { $0.cat == "wait" }.allSatisfy { $0.name.hasPrefix("wait for ") })
            if threads == "2" && format == "png" {
                // The second painting thread (a lane or a painter) is thread 1.
                #expect(spans.contains { $0.tid == 1 && $0.name == region }, "\(Set(spans.map(\.tid)))")
            }
        }
    }

    @Test func standardOutputToo() throws {
        let dir = try CLI.scratch("timings-stdout")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.table(rows: 200).write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "t.csv", "-o", "-", "--format", "svg", "--timings", "t.json"], in: dir)
        #expect(run.status == 0 && run.stdout.hasPrefix("<?xml"), "\(run.stderr)")
        let spans = try Self.spans(dir + "/t.json")
        #expect(spans.contains { $0.name == "write" && $0.tid == 0 })
        Self.checkNesting(spans)
    }

    /// A trace that cannot be written, or a run that is not one render: one line, exit 2, and
    /// neither the trace nor a temporary file left behind.
    @Test(arguments: [
        (["--timings", "missing/t.json"], "--timings missing/t.json: "),
        (["--timings", "."], "--timings .: "),
        (["--timings", "t.csv"], "--timings t.csv: "),
        (["--timings", "t.json", "--appearance", "light,dark"], "--timings records one render"),
    ])
    func refusals(extra: [String], message: String) throws {
        let dir = try CLI.scratch("timings-refused")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.table(rows: 20).write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let before = CLI.listing(dir)
        let run = try CLI.run(["render", "t.csv", "-o", "t.png"] + extra, in: dir)
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1 && run.stderr.hasPrefix("error: " + message), "\(run.stderr)")
        #expect(CLI.listing(dir) == before, "\(CLI.listing(dir))")
    }

    @Test func outDirIsRefused() throws {
        let dir = try CLI.scratch("timings-outdir")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.table(rows: 20).write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "t.csv", "--out-dir", "out", "--format", "png", "--timings", "t.json"], in: dir)
        #expect(run.status == 2 && run.errorLines.count == 1 && run.stderr.contains("--timings records one render"), "\(run.stderr)")
    }

    /// GRIDRENDER_TRACE=1 prints each phase as it ends: `trace: <thread> <name> <ms> <ms since start>`.
    @Test func traceLinesOnStandardError() throws {
        let dir = try CLI.scratch("timings-trace")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.table(rows: 50).write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "t.csv", "-o", "t.png"], in: dir, environment: ["GRIDRENDER_TRACE": "1"])
        #expect(run.status == 0)
        let lines = run.errorLines
        #expect(!lines.isEmpty && lines.allSatisfy { $0.wholeMatch(of: /trace: \d+ [a-z]+( [a-z]+)* \d+\.\d \d+\.\d/) != nil }, "\(run.stderr)")
        #expect(lines.contains { $0.contains(" layout ") } && lines.contains { $0.contains(" paint ") })
        #expect(CLI.listing(dir).sorted() == ["t.csv", "t.png"])
    }
}
