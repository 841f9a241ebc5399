import ArgumentParser
import Foundation
import GridDocument
import GridDrawing

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

/// The exit for an error thrown while rendering or laying out `input`: bad input (a document
/// error, or a render error the input caused) is one line and code 2; anything else (Cairo, the
/// file system) code 1.
func renderFailure(_ error: Error, input: String) -> ExitCode {
    if let error = error as? DocumentError { return fail(error) }
    if let error = error as? RenderError, error.isBadInput { return fail("\(input): \(error)") }
    return fail("\(input): \(error)", code: 1)
}
