import ArgumentParser
import GridDocument

/// `gridrender schema`: the JSON Schema (draft 2020-12) of the document format, for editors and
/// for validating documents in other tools. `Document.jsonSchema` is kept true by tests that
/// validate every fixture document against it and compare its keys with the decoder's.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the document format.",
        discussion: """
            Point an editor at it to get completion and checking while writing documents, e.g. \
            "$schema": "./gridrender.schema.json" at the top of a JSON document after
              gridrender schema > gridrender.schema.json
            """)

    func run() throws {
        print(Document.jsonSchema)
    }
}
