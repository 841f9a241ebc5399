import ArgumentParser
import Foundation

/// Prints one `error: …` line to standard error and returns the exit code to throw.
/// Every command reports bad input this way: one line, no stack trace (DESIGN.md §8).
func fail(_ message: CustomStringConvertible, code: Int32 = 2) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return ExitCode(code)
}

/// Prints a `warning: …` line to standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}
