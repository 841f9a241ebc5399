#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a picture is made for a light or a dark page (`"appearance"` in a document,
/// `--appearance` on the command line; DESIGN.md §9).
///
/// Every preset is made for one appearance and has a counterpart for the other: `striped` and
/// `dark`, `plain` and `plain-dark`, `minimal` and `minimal-dark`, `ledger` and `ledger-dark`.
/// With an appearance, a document's preset (or the preset a theme file extends) is swapped for
/// its counterpart when it was made for the other appearance; the document's own styles stay as
/// written. Without one, a preset adapts to an explicit opaque `canvas.background`: a dark
/// background (relative luminance below 0.4) picks the dark counterpart, a light one the light.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light, dark

    /// The appearance a background colour calls for.
    package init(background: Color) {
        self = background.relativeLuminance < 0.4 ? .dark : .light
    }
}

extension Color {
    /// WCAG relative luminance of the colour (alpha ignored).
    var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The most transparent colour that gives this one when composited over `background`
    /// (opaque): "colour to alpha". Zebra stripes and fills of a light theme become faint dark
    /// tints, those of a dark theme faint light ones, so they read on any page behind a
    /// transparent canvas. A colour that is already translucent is returned as it is.
    func translucent(over background: Color) -> Color {
        guard isOpaque else { return self }
        let channels = [(red, background.red), (green, background.green), (blue, background.blue)]
        var alpha = 0.0
        for (c, b) in channels {
            let a = c > b ? (c - b) / Swift.max(1e-9, 1 - b) : c < b ? (b - c) / Swift.max(1e-9, b) : 0
            alpha = Swift.max(alpha, a)
        }
        guard alpha > 0 else { return .transparent }
        func solve(_ c: Double, _ b: Double) -> Double { Swift.min(1, Swift.max(0, b + (c - b) / alpha)) }
        return Color(red: solve(red, background.red), green: solve(green, background.green),
                     blue: solve(blue, background.blue), alpha: Swift.min(1, alpha))
    }
}

extension Theme {
    /// The dark counterpart of each light preset, by name.
    static let darkCounterparts: [String: Theme] = [
        "striped": .dark, "plain": .plainDark, "minimal": .minimalDark, "ledger": .ledgerDark,
    ]

    /// The appearance this theme is made for, from its canvas background (light when unset).
    public var appearance: Appearance { background.map(Appearance.init(background:)) ?? .light }

    /// This preset made for `appearance`: itself, or its counterpart. A theme that has no
    /// counterpart (one built in code) is returned as it is.
    package func matching(_ appearance: Appearance) -> Theme {
        guard appearance != self.appearance else { return self }
        switch appearance {
        case .dark:
            return Theme.darkCounterparts[name] ?? self
        case .light:
            return Theme.darkCounterparts.first { $0.value.name == name }.map { Theme.named($0.key) ?? self } ?? self
        }
    }
}

extension StyleSheet {
    /// The sheet for a transparent canvas: the opaque backgrounds of the cell, row, alternate
    /// row, section header and selected row layers become translucent tints (`translucent(over:)`
    /// against the theme's own background), so stripes read on any page. The header keeps its
    /// colour: it is a block with its own text colour.
    func translucent(over background: Color) -> StyleSheet {
        var sheet = self
        func tint(_ layer: inout Style?) {
            if let colour = layer?.background { layer?.background = colour.translucent(over: background) }
        }
        tint(&sheet.cell); tint(&sheet.row); tint(&sheet.alternateRow)
        tint(&sheet.sectionHeader); tint(&sheet.selectedRow)
        return sheet
    }
}
