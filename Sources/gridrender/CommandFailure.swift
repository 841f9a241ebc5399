import ArgumentParser
import Foundation
import GridDocument

/// Prints one `error: …` line to standard error and returns the exit code to throw.
/// Every command reports bad input this way: one line, no stack trace (DESIGN.md §8).
func fail(_ message: CustomStringConvertible, code: Int32 = 2) -> ExitCode {
    printError("\(message)")
    return ExitCode(code)
}

/// Writes `error: message` as exactly one line: control characters escaped (a file name with a
/// newline or an escape sequence cannot split the line or drive the terminal) and the middle of
/// a line longer than 2,000 characters cut.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("error: \(Echo.short(message, limit: 2_000))\n".utf8))
}

/// Prints a `warning: …` line to standard error, escaped like errors.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(Echo.short(message, limit: 2_000))\n".utf8))
}

/// Prints an informational line (`wrote out.png (640×480 px, 1 page)`) to standard error, escaped like errors.
func note(_ message: String) {
    FileHandle.standardError.write(Data("\(Echo.short(message, limit: 2_000))\n".utf8))
}
