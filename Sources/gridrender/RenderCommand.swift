import ArgumentParser
import Foundation
import GridDocument
import GridDrawing

/// `gridrender render`: one input to `-o OUT`, or many inputs into `--out-dir` in one format,
/// several at a time (`--jobs`), with a progress line when standard error is a terminal.
struct RenderCommand: ParsableCommand, CheckedAfterParsing {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render documents to PNG, SVG or PDF (the format comes from the output extension).",
        discussion: """
            Examples:
              gridrender render people.csv -o people.png --scale 2
              gridrender render a.json b.yaml --out-dir out --format svg --jobs 4
              gridrender render table.csv -o table.png --appearance light,dark   # table-light.png, table-dark.png
              gridrender render sales.csv -o sales.pdf --page a4 --format price=decimals:2,grouping,prefix:$ --rename price=Price
              gridrender render table.csv -o - --format png > table.png
            """)

    @Argument(help: "Documents: .json, .yaml/.yml, .csv, .tsv, .md (first pipe table), or - for JSON on standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The output file: .png, .svg or .pdf; - writes to standard output (with --format).")
    var output: String?

    @Option(name: .customLong("out-dir"), help: "Write each input to DIR/<stem>.<format>.")
    var outDirectory: String?

    @Option(help: ArgumentHelp("png, svg or pdf (with --out-dir or -o -); or KEY=SPEC, a column's format: JSON ({\"number\": {\"decimals\": 2}}) or a comma list of number format keys (decimals:2,grouping,prefix:$). Repeatable.",
                               valueName: "format|key=spec"))
    var format: [String] = []

    @Option(name: .customLong("png-compression"), parsing: .unconditional,
            help: ArgumentHelp("PNG deflate level 0…9 (default 2): higher is smaller and slower; the pixels are the same.", valueName: "N"))
    var pngCompression: Int?

    @Flag(name: .shortAndLong, help: "Do not print the `wrote FILE (W×H px, N pages)` line (printed when standard error is a terminal).")
    var quiet = false

    @Flag(help: "Print each input's text alternative on standard output: the document's alt, else one made from the title, the columns and the numbers' ranges. Without -o or --out-dir nothing is rendered.")
    var alt = false

    @Flag(help: "Render again whenever an input (document, data files, theme) changes; Ctrl-C stops.")
    var watch = false

    @Option(parsing: .unconditional, help: "How many documents to render at once (with --out-dir); default: the number of cores.")
    var jobs: Int?

    @Flag(help: "Replace output files that have no write permission (refused otherwise).")
    var force = false

    @Option(help: ArgumentHelp("With --out-dir: render only part I of N (1-based) of the inputs, chosen by a hash of each input path as given; without it JOB_COMPLETION_INDEX (0-based) and JOB_COMPLETIONS are used when both are set.", valueName: "I/N"))
    var shard: String?

    @Flag(help: "Write PDFs without a structure tree and SVGs without their title, description and table roles (both tagged by default: the table's cells as TH/TD, or ARIA roles, for screen readers).")
    var untagged = false

    @Option(help: ArgumentHelp("Write where the render's time went to FILE: a Chrome trace (JSON) of its phases on every thread, for Perfetto or chrome://tracing. One input, -o only.",
                               valueName: "FILE"))
    var timings: String?

    @OptionGroup var document: DocumentOptions

    /// `--format` values without `=`: the output format (`validate` allows one).
    var outputFormat: OutputFormat? {
        format.first { !$0.contains("=") }.flatMap { OutputFormat(rawValue: $0.lowercased()) }
    }

    /// `--format KEY=SPEC` values: column formats.
    var columnFormats: [String] { format.filter { $0.contains("=") } }

    /// Whether `-o -` sends the file to standard output.
    var toStandardOutput: Bool { output == "-" }

    func check() throws {
        try document.check()
        if inputs.isEmpty { throw ValidationError("no input given") }
        // Standard input is read once, to render it.
        if alt, inputs.contains("-") { throw ValidationError("--alt reads each input again: give files, not - (standard input)") }
        let formats = format.filter { !$0.contains("=") }
        if let bad = formats.first(where: { OutputFormat(rawValue: $0.lowercased()) == nil }) {
            throw ValidationError("--format: expected png, svg, pdf or KEY=SPEC (a column's format), found \"\(Echo.short(bad))\"")
        }
        if formats.count > 1 { throw ValidationError("--format names the output format once (a column's format is KEY=SPEC)") }
        _ = try document.table.settings(formats: columnFormats)
        switch (output, outDirectory) {
        case (nil, nil):
            // `--alt` alone prints the text alternatives and renders nothing.
            if !alt { throw ValidationError("give -o OUT or --out-dir DIR") }
            if watch { throw ValidationError("--watch writes files: give -o FILE or --out-dir DIR") }
        case (.some, .some): throw ValidationError("give either -o or --out-dir, not both")
        case (.some("-"), nil):
            if inputs.count > 1 { throw ValidationError("-o takes one input; use --out-dir for several") }
            if outputFormat == nil { throw ValidationError("-o - (standard output) needs --format png|svg|pdf") }
            if document.appearances.count > 1 { throw ValidationError("-o - writes one file; --appearance light,dark writes two") }
            if watch { throw ValidationError("--watch writes files: give -o FILE, not -o -") }
        case (.some(let out), nil):
            if inputs.count > 1 { throw ValidationError("-o takes one input; use --out-dir for several") }
            if shard != nil { throw ValidationError("--shard splits the inputs of --out-dir; -o renders one") }
            if OutputFormat(path: out) == nil {
                throw ValidationError("cannot tell the format of \(out): use a .png, .svg or .pdf extension")
            }
            if outputFormat != nil { throw ValidationError("--format png|svg|pdf goes with --out-dir or -o -; -o takes the format from its extension") }
        case (nil, .some):
            if outputFormat == nil { throw ValidationError("--out-dir needs --format png|svg|pdf") }
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be a whole number of at least 1, got \(jobs)") }
        if let pngCompression, !(0...9).contains(pngCompression) {
            throw ValidationError("--png-compression must be a deflate level from 0 to 9, got \(pngCompression)")
        }
        if watch && inputs.contains("-") { throw ValidationError("--watch cannot watch standard input (-)") }
        if timings != nil && (output == nil || document.appearances.count > 1 || watch) {
            throw ValidationError("--timings records one render: give one input and -o OUT (not --out-dir, --appearance light,dark or --watch)")
        }
    }

    func run() throws {
        try TimingsRecording.record(to: timings, protecting: inputs + (output.map { [$0] } ?? []), force: force) { try renderOnce() }
    }

    /// `run` without the timings around it.
    private func renderOnce() throws {
        let settings = try document.table.settings(formats: columnFormats)
        if alt && output == nil && outDirectory == nil { return try printAltTexts(settings: settings) }
        if toStandardOutput { return try writeToStandardOutput(settings: settings) }
        guard watch else { return try renderAll(settings: settings, readFiles: nil) }
        InputWatcher.stopCleanlyOnSignals()
        let watched = LockedFiles()
        // A failed round has printed its error lines (an `ExitCode`); the watch goes on.
        while true {
            do { try renderAll(settings: settings, readFiles: watched) } catch is ExitCode {} catch { printError("\(error)") }
            InputWatcher(paths: inputs + watched.paths).waitForChange()
        }
    }

    /// Renders every task once. `readFiles` collects the files the inputs read (for `--watch`).
    private func renderAll(settings: TableSettings, readFiles: LockedFiles?) throws {
        if let outDirectory {
            // Once, before any input: a folder that cannot be made is one line, not one per input.
            // Through `PathBytes`, not FileManager: a name that is not UTF-8 keeps its bytes.
            if let (code, part) = PathBytes.makeDirectories(outDirectory) {
                let why = code == ENOTDIR ? "\(part) is a file, not a folder"
                    : code == EACCES ? "permission denied" : String(cString: strerror(code))
                throw fail("--out-dir \(outDirectory): cannot create the folder: \(why)", code: 1)
            }
        }
        let tasks = try renderTasks()
        let jobCount = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, tasks.count)
        // Every document is prepared before anything is written, so the output plan knows each
        // one's files (data, images, themes) and whether it is paginated.
        let budget = LockedBudget(bytes: Self.keptInputBytes)
        let prepared = BatchRunner(jobs: jobCount).run(tasks) { task in prepare(task, budget: budget, settings: settings) }
        readFiles?.replace(with: prepared.flatMap(\.readFiles))
        let plan = Self.plan(tasks, prepared)
        let clash = plan.clash()
        if let clash {
            throw fail(clash)
        }
        let progress = ProgressLine(total: tasks.count, enabled: tasks.count > 1 && isatty(STDERR_FILENO) == 1)
        // One `wrote …` line a file, on a terminal, where no progress line is drawn.
        let report = !quiet && !progress.enabled && isatty(STDERR_FILENO) == 1
        let work = Array(zip(tasks, prepared))
        let outcomes = BatchRunner(jobs: jobCount)
            .run(work) { task, grid in
                let outcome = render(task, grid, settings: settings, report: report)
                progress.advance(task.input)
                return outcome
            }
        progress.finish()
        var exitCode: Int32 = 0
        for outcome in outcomes {
            if case .failed(let message, let code) = outcome {
                printError(message)
                exitCode = max(exitCode, code)
            }
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
        // A paginated PNG or SVG pair is written as pages: the snippet shows the first ones.
        let shown = zip(tasks, prepared).map { task, state in
            var task = task
            if state.paginated, OutputFormat(path: task.output) != .pdf { task.output = PageFiles.path(task.output, page: 1) }
            return task
        }
        if alt { try printAltTexts(settings: settings) }
        if output != nil, let light = shown.first(where: { $0.appearance == .light }) {
            // Standard input was read once: its alt text is not known here.
            let alt = light.input == "-" ? nil : try? document.load(light.input, appearance: .light, settings: settings).altText()
            if let snippet = AppearancePair.snippet(shown, alt: alt) { print(snippet) }
        }
    }

    /// `--alt`: one line per input, in order.
    private func printAltTexts(settings: TableSettings) throws {
        for input in inputs {
            do { print(Echo.short(try document.load(input, settings: settings).altText(), limit: 2_000)) } catch { throw fail(error) }
        }
    }

    struct Task: Sendable {
        var input: String
        var output: String
        /// The appearance this output is rendered for (`--appearance light,dark`); nil = as the document says.
        var appearance: Appearance? = nil
    }

    enum Outcome: Sendable {
        case rendered
        case failed(String, code: Int32)
    }

    /// Pairs each input with its output path; two inputs may not write the same file.
    private func renderTasks() throws -> [Task] {
        let pairs = document.appearances.count > 1 ? document.appearances : []
        return try plainTasks().flatMap { task in
            pairs.isEmpty ? [task] : pairs.map { Task(input: task.input, output: AppearancePair.path(task.output, $0), appearance: $0) }
        }
    }

    private func plainTasks() throws -> [Task] {
        if let output { return [Task(input: inputs[0], output: output)] }
        guard let outDirectory, let format = outputFormat else { return [] }
        var seen: [String: String] = [:]
        let part = try ShardSelection.part(shard)
        return try inputs.map { input -> Task in
            let stem = input == "-" ? "stdin" : PathBytes.stem(input)
            let out = (outDirectory.hasSuffix("/") ? outDirectory : outDirectory + "/") + "\(stem).\(format.rawValue)"
            if let other = seen[out] {
                throw fail("\(input) and \(other) would both be written to \(out)")
            }
            seen[out] = input
            return Task(input: input, output: out)
        }.filter { part?.contains($0.input) ?? true }
    }

    /// Prepared documents are kept from the plan to the render while the files they were read
    /// from (document and data, not images) add up to at most this many bytes; past it a document
    /// keeps only what the plan needs and is prepared again when it is rendered, so a batch of
    /// large tables holds no more of them in memory than it renders at once.
    /// `GRIDRENDER_KEPT_INPUT_BYTES` sets it (the tests use 0 to take the prepare-again path).
    static let keptInputBytes: Int64 = getenv("GRIDRENDER_KEPT_INPUT_BYTES").flatMap { Int64(String(cString: $0)) } ?? 16 << 20

    /// A document prepared for rendering, what the plan needs of it, or why it could not be.
    enum Prepared: Sendable {
        case grid(PreparedGrid)
        /// The files it reads and whether it is paginated; prepared again for the render.
        case facts(readFiles: [String], paginated: Bool)
        case failed(Outcome)

        /// The files the document read (none when it failed).
        var readFiles: [String] {
            switch self {
            case .grid(let grid): grid.readFiles
            case .facts(let files, _): files
            case .failed: []
            }
        }

        /// Whether the document has `canvas.page` (false when it failed).
        var paginated: Bool {
            switch self {
            case .grid(let grid): grid.page != nil
            case .facts(_, let paginated): paginated
            case .failed: false
            }
        }
    }

    /// The output plan of the run: every input's files are read, every output written (a
    /// paginated PNG or SVG as its page files); checked once, before any rendering.
    static func plan(_ tasks: [Task], _ prepared: [Prepared]) -> OutputPlan {
        var plan = OutputPlan()
        for (task, state) in zip(tasks, prepared) {
            if task.input != "-" { plan.reads(task.input, as: "an input document") }  // `-`: standard input
            let readFiles: [String], paginated: Bool
            switch state {
            case .grid(let grid): (readFiles, paginated) = (grid.readFiles, grid.page != nil)
            case .facts(let files, let pages): (readFiles, paginated) = (files, pages)
            case .failed: continue
            }
            for file in readFiles where file != task.input { plan.reads(file, as: "read by \(task.input)") }
            if paginated && OutputFormat(path: task.output) != .pdf {
                plan.writesPages(task.output, as: "the pages of \(task.input)")
            } else {
                plan.writes(task.output, as: "the output of \(task.input)")
            }
        }
        return plan
    }

    /// Standard input can be read once only: its document is always kept.
    private func prepare(_ task: Task, budget: LockedBudget?, settings: TableSettings) -> Prepared {
        do {
            let grid = try Timings.span("prepare") { () throws(DocumentError) in
                try document.prepare(task.input, appearance: task.appearance, settings: settings)
            }
            let text = grid.readFiles.filter { !["png", "svg", "pdf"].contains(PathBytes.pathExtension($0).lowercased()) }
            let keep = task.input == "-" || budget.map { $0.take(text.reduce(0) { $0 + Self.fileSize($1) }) } ?? true
            return keep ? .grid(grid) : .facts(readFiles: grid.readFiles, paginated: grid.page != nil)
        } catch {
            return .failed(.failed(error.description, code: 2))
        }
    }

    /// The size of a file in bytes (0 when it cannot be seen).
    private static func fileSize(_ path: String) -> Int64 {
        var st = stat()
        return PathBytes.withCString(path, { stat($0, &st) }) == 0 ? Int64(st.st_size) : 0
    }

    private func render(_ task: Task, _ prepared: Prepared, settings: TableSettings, report: Bool) -> Outcome {
        let grid: PreparedGrid
        switch prepared {
        case .failed(let outcome): return outcome
        case .grid(let kept): grid = kept
        case .facts:
            switch prepare(task, budget: nil, settings: settings) {
            case .grid(let again): grid = again
            case .failed(let outcome): return outcome
            case .facts: return .rendered
            }
        }
        do {
            var options = renderOptions
            options.force = force
            if report { options.writtenHandler = { note($0) } }
            try GridRenderer.render(grid, to: task.output, options: options)
            return .rendered
        } catch let error as DocumentError {
            return .failed(error.description, code: 2)
        } catch let error as RenderError where error.isBadInput {
            return .failed("\(task.input): \(error)", code: 2)
        } catch {
            return .failed("\(task.input): \(error)", code: 1)
        }
    }
}

extension RenderCommand {
    /// The render options of every output: `--fonts`, `--font-dir`, `--scale`, `--png-compression`.
    var renderOptions: RenderOptions {
        var options = document.renderOptions(warnings: { warn($0) })
        if let pngCompression { options.pngCompression = pngCompression }
        options.taggedPDF = !untagged
        options.accessibleSVG = !untagged
        return options
    }

    /// `-o -`: the one input rendered in memory and written to standard output, so no file (and
    /// no temporary file) is made; errors are reported as for a file, before any byte is written.
    private func writeToStandardOutput(settings: TableSettings) throws {
        guard let format = outputFormat else { return }
        let input = inputs[0]
        let grid: PreparedGrid
        do {
            grid = try Timings.span("prepare") { () throws(DocumentError) in try document.prepare(input, settings: settings) }
        } catch { throw fail(error) }
        if grid.page != nil && format != .pdf {
            throw fail("-o -: a paginated \(format.rawValue.uppercased()) is written as one file a page; render a PDF to standard output, or give -o FILE")
        }
        let bytes: [UInt8]
        do {
            bytes = try GridRenderer.render(grid, format: format, options: renderOptions)
        } catch {
            throw renderFailure(error, input: input)
        }
        if let problem = (Timings.span("write") { StandardOutput.write(bytes) }) { throw fail("-o -: cannot write to standard output: \(problem)", code: 1) }
    }
}

extension OutputFormat: ExpressibleByArgument {}
