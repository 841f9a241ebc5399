import ArgumentParser
import Foundation
import GridDocument
import GridDrawing
import GridRenderAccelerators

/// The `gridrender` command-line tool (DESIGN.md §6). Exit codes: 0 success, 1 a comparison
/// found a difference or rendering failed, 2 bad usage or bad input.
@main
struct GridRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gridrender",
        abstract: "Render grids and tables to PNG, SVG or PDF, and compare images.",
        discussion: """
            Inputs: .json, .yaml/.yml, .csv, .tsv, .md (first pipe table), or - (JSON on standard \
            input). Exit codes: 0 success, 1 a difference or a rendering failure, 2 bad usage or \
            bad input. Shell completion: gridrender --generate-completion-script bash|zsh|fish.
            """,
        version: "0.1.0",
        subcommands: [RenderCommand.self, LayoutCommand.self, CompareCommand.self, AcceptCommand.self, MergeReportsCommand.self, DiffCommand.self, ThemesCommand.self,
                      SchemaCommand.self])

    /// DESIGN §6 wants exit code 2 and one `error: …` line for bad usage; ArgumentParser's default
    /// is code 64 and a multi-line usage block, so parse errors are mapped here. Subcommands report
    /// their own runtime errors and throw `ExitCode`, which passes through unchanged.
    static func main() {
        do {
            TimingsRecording.startMain()
            // The CLI's process may be changed for speed (docs/API.md, "Accelerators").
            GridRenderAccelerators.install()
            // Nothing in this process uses fontconfig's default configuration: an empty one spares
            // Pango's start-up FcInit() loading the system's (DefaultFontConfiguration).
            DefaultFontConfiguration.leaveEmpty()
            // Ctrl-C, SIGTERM and SIGHUP remove any temporary output file before the process dies.
            TemporaryFiles.removeOnSignals()
            // ulimit -f is a write error; a trap under a memory limit is one line, no backtrace.
            FatalSignals.install()
            // The raw argv, decoded losslessly: CommandLine.arguments has already turned file-name
            // bytes that are not UTF-8 into U+FFFD, losing the file's real name (PathBytes).
            var command = try parseAsRoot(Array(PathBytes.arguments.dropFirst()))
            // After parsing, so an unknown option is reported before any check (CheckedAfterParsing).
            try (command as? CheckedAfterParsing)?.check()
            try command.run()
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            printError("\(message) (see 'gridrender help')")
            Foundation.exit(code == .failure ? 1 : 2)
        }
    }
}
