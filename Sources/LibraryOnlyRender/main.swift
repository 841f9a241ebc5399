import Foundation
import GridRender

// Renders a document file with the GridRender library alone (no accelerators), as a library
// user's program would: `LibraryOnlyRender DOCUMENT OUTPUT.png|svg|pdf`. Exit 2 with one line
// on an error.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: LibraryOnlyRender DOCUMENT OUTPUT\n".utf8))
    exit(2)
}
do {
    try Document.load(path: arguments[1]).render(to: arguments[2])
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
