/// A named look: styles, grid lines and canvas background — a document fragment that can be
/// written to a file and extended (`{"theme": {"extends": "dark", …overrides}}`).
///
/// Themes style; documents lay out. A theme never sets geometry (canvas padding, margins,
/// spacing), only what is painted and the padding inside cells and text blocks, so switching
/// themes never moves a grid's tracks except through text size and cell padding.
public struct Theme: Sendable, Hashable {
    public var name: String
    public var styles: StyleSheet
    public var gridLines: GridLines
    /// Canvas background; nil = inherit (white when nothing sets it).
    public var background: Color?

    public init(name: String, styles: StyleSheet = StyleSheet(), gridLines: GridLines = GridLines(), background: Color? = nil) {
        self.name = name; self.styles = styles; self.gridLines = gridLines; self.background = background
    }

    /// The built-in themes, the default (`striped`) first.
    public static let presets: [Theme] = [.striped, .plain, .dark, .minimal, .ledger]

    /// Names of the built-in themes, in `presets` order: for "known themes: …" messages.
    public static var presetNames: [String] { presets.map(\.name) }

    /// The theme a document gets when it names none (and every CSV/TSV document).
    public static var `default`: Theme { striped }

    /// The dark counterparts of the light presets other than `striped` (whose counterpart is
    /// `dark`): named like `plain-dark`, chosen by `appearance: "dark"` (see ``Appearance``).
    package static let darkVariants: [Theme] = [.plainDark, .minimalDark, .ledgerDark]

    /// The built-in theme called `name` (case-insensitive, surrounding whitespace ignored): a
    /// preset or a dark variant.
    public static func named(_ name: String) -> Theme? {
        let key = name.trimmingCSSWhitespace().lowercased()
        return presets.first { $0.name == key } ?? darkVariants.first { $0.name == key }
    }

    /// `named(_:)`, or the error DESIGN §8 asks for, listing the known names:
    /// `doc.json:3: theme: unknown theme "fancy"; known themes: striped, plain, dark, minimal, ledger`.
    package static func named(_ name: String, file: String?, line: Int? = nil, keyPath: String? = "theme") throws(DocumentError) -> Theme {
        guard let theme = named(name) else {
            throw DocumentError(file: file, line: line, keyPath: keyPath,
                                "unknown theme \"\(name)\"; known themes: \(presetNames.joined(separator: ", "))")
        }
        return theme
    }

    /// This theme with `overrides` on top: fields set in `overrides` win, layer by layer and
    /// property by property (a header override that sets only `color` keeps this theme's
    /// header background and font), grid lines family by family, and the background when set.
    /// The name is the override's unless that is empty.
    public func extended(with overrides: Theme) -> Theme {
        Theme(name: overrides.name.isEmpty ? name : overrides.name,
              styles: overrides.styles.over(styles),
              gridLines: overrides.gridLines.over(gridLines),
              background: overrides.background ?? background)
    }
}
