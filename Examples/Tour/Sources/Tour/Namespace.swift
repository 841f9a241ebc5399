import Foundation
import GridRender
import SwiftUIStandIn      // SwiftUI's Color, GridItem and Layout, on Linux
import Yams

/// docs/API.md, "Names": GridRender beside Foundation, Yams and SwiftUI-like names in one file.
struct Swatches: Layout {
    let accent = Color.red                           // SwiftUI's Color
    let column = GridItem(minimum: 80)               // SwiftUI's GridItem
    let node: Node = "yaml"                          // Yams.Node
    let style = Style(background: "#e11d48")         // GridRender's Style, its colour a Style.Color

    func sizeThatFits(_ width: Double) -> Double { width }
}

func names() {
    let swatches = Swatches()
    check(swatches.accent.name == "red" && swatches.column.minimum == 80, "SwiftUI names are SwiftUI's")
    check(swatches.node.string == "yaml" && swatches.style.background == "#e11d48", "no ambiguity")
}
