import ArgumentParser
import Foundation
import GridDocument
import GridDrawing

/// `gridrender render`: one input to `-o OUT`, or many inputs into `--out-dir` in one format,
/// several at a time (`--jobs`), with a progress line when standard error is a terminal.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render documents to PNG, SVG or PDF (the format comes from the output extension).",
        discussion: """
            Examples:
              gridrender render people.csv -o people.png --scale 2
              gridrender render a.json b.yaml --out-dir out --format svg --jobs 4
              gridrender render table.csv -o table.png --appearance light,dark   # table-light.png, table-dark.png
            """)

    @Argument(help: "Documents: .json, .yaml/.yml, .csv, .tsv, .md (first pipe table), or - for JSON on standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The output file: .png, .svg or .pdf.")
    var output: String?

    @Option(name: .customLong("out-dir"), help: "Write each input to DIR/<stem>.<format>.")
    var outDirectory: String?

    @Option(help: "png, svg or pdf (with --out-dir).")
    var format: OutputFormat?

    @Option(parsing: .unconditional, help: "How many documents to render at once (with --out-dir); default: the number of cores.")
    var jobs: Int?

    @Flag(help: "Replace output files that have no write permission (refused otherwise).")
    var force = false

    @OptionGroup var document: DocumentOptions

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("no input given") }
        switch (output, outDirectory) {
        case (nil, nil): throw ValidationError("give -o OUT or --out-dir DIR")
        case (.some, .some): throw ValidationError("give either -o or --out-dir, not both")
        case (.some(let out), nil):
            if inputs.count > 1 { throw ValidationError("-o takes one input; use --out-dir for several") }
            if OutputFormat(path: out) == nil {
                throw ValidationError("cannot tell the format of \(out): use a .png, .svg or .pdf extension")
            }
            if format != nil { throw ValidationError("--format goes with --out-dir; -o takes the format from its extension") }
        case (nil, .some):
            if format == nil { throw ValidationError("--out-dir needs --format png|svg|pdf") }
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be a whole number of at least 1, got \(jobs)") }
    }

    func run() throws {
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
        let prepared = BatchRunner(jobs: jobCount).run(tasks) { task in prepare(task, budget: budget) }
        RenderTrace.mark("all prepared")
        let plan = Self.plan(tasks, prepared)
        RenderTrace.mark("plan declared")
        let clash = plan.clash()
        RenderTrace.mark("plan checked")
        if let clash {
            throw fail(clash)
        }
        let progress = ProgressLine(total: tasks.count, enabled: tasks.count > 1 && isatty(STDERR_FILENO) == 1)
        let work = Array(zip(tasks, prepared))
        let outcomes = BatchRunner(jobs: jobCount)
            .run(work) { task, grid in
                let outcome = render(task, grid)
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
        if output != nil, let snippet = AppearancePair.snippet(shown) { print(snippet) }
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
        guard let outDirectory, let format else { return [] }
        var seen: [String: String] = [:]
        return try inputs.map { input in
            let stem = input == "-" ? "stdin" : PathBytes.stem(input)
            let out = (outDirectory.hasSuffix("/") ? outDirectory : outDirectory + "/") + "\(stem).\(format.rawValue)"
            if let other = seen[out] {
                throw fail("\(input) and \(other) would both be written to \(out)")
            }
            seen[out] = input
            return Task(input: input, output: out)
        }
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
    private func prepare(_ task: Task, budget: LockedBudget?) -> Prepared {
        do {
            RenderTrace.mark("start \(task.input)")
            let grid = try document.prepare(task.input, appearance: task.appearance)
            RenderTrace.mark("prepared")
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

    private func render(_ task: Task, _ prepared: Prepared) -> Outcome {
        let grid: PreparedGrid
        switch prepared {
        case .failed(let outcome): return outcome
        case .grid(let kept): grid = kept
        case .facts:
            switch prepare(task, budget: nil) {
            case .grid(let again): grid = again
            case .failed(let outcome): return outcome
            case .facts: return .rendered
            }
        }
        do {
            var options = document.renderOptions(warnings: { warn($0) })
            options.force = force
            try GridRenderer.render(grid, to: task.output, options: options)
            RenderTrace.mark("written")
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

extension OutputFormat: ExpressibleByArgument {}
