import ArgumentParser
import GridDocument
import GridDrawing
import GridLayout

/// `gridrender layout INPUT [--units pt|px]`: the computed frames as JSON (DESIGN.md §6),
/// measured with the same Pango settings `render` uses.
struct LayoutCommand: ParsableCommand, CheckedAfterParsing {
    static let configuration = CommandConfiguration(
        commandName: "layout", abstract: "Print the computed columns, rows and cell frames as JSON.")

    @Argument(help: "A .json, .yaml/.yml, .csv, .tsv or .md (first pipe table) document, or - for JSON on standard input.")
    var input: String

    @Option(help: "pt (points, the default) or px (pixels at the document's scale).")
    var units: LayoutUnits = .points

    @OptionGroup var document: DocumentOptions

    func check() throws { try document.check() }

    func run() throws {
        let grid: PreparedGrid
        let settings = try document.table.settings()
        do { grid = try document.prepare(input, settings: settings) } catch { throw fail(error) }
        do {
            let layout = try GridRenderer.layout(grid, options: document.renderOptions(warnings: { warn($0) }))
            print(layout.json(units: units))
        } catch {
            throw renderFailure(error, input: input)
        }
    }
}

extension LayoutUnits: ExpressibleByArgument {}
