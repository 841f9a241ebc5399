import ArgumentParser
import GridDocument

/// `gridrender themes`: the preset theme names, one a line.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "themes", abstract: "List the preset themes.")

    func run() throws {
        for theme in Theme.presets { print(theme.name) }
    }
}
