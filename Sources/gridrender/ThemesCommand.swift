import ArgumentParser
import GridDocument

/// `gridrender themes`: the preset theme names, one a line; `--show NAME` prints a preset as a
/// theme file to start one's own from.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes", abstract: "List the preset themes, or print one as a theme file.",
        discussion: """
            Example: gridrender themes --show striped > brand.json, edit it, then \
            gridrender render doc.json -o doc.png --theme brand.json
            """)

    @Option(help: ArgumentHelp("Print this preset as a theme file (JSON).", valueName: "NAME"))
    var show: String?

    func run() throws {
        guard let show else {
            for theme in Theme.presets { print(theme.name) }
            return
        }
        do {
            let theme = try Theme.named(show, file: nil, keyPath: "--show")
            print(theme.jsonText(extends: theme.name))
        } catch {
            throw fail(error.description.hasPrefix("<document>: ") ? String(error.description.dropFirst(12)) : error.description)
        }
    }
}
