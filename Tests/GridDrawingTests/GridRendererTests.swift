import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

@Suite struct GridRendererTests {
    static let header = Color(hex: 0x384a66)
    static let stripe = Color(hex: 0xf1f3f8)

    static func sample(scale: Double = 1) -> PreparedGrid {
        let rows = text([["ID", "Name", "City", "Balance"],
                         ["1", "Ada Lovelace", "London", "1234.5"],
                         ["2", "Grace Hopper", "New York City, far too long", "17.25"],
                         ["3", "مرحبا بالعالم", "Cairo", "3"],
                         ["4", "Linus", "Helsinki", "100000.125"]])
        return makeTable(rows, columnWidths: [.fixed(40), .auto(), .fixed(90), .auto()], scale: scale, styler: { row, column in
            var style = ResolvedStyle()
            if row == 0 {
                style.background = header
                style.color = .white
                style.font.weight = 700
            } else if row % 2 == 0 {
                style.background = stripe
            }
            if column == 0 { style.align = .right }
            if column == 3 { style.align = row == 0 ? .right : .decimal }
            return style
        }) { grid in
            grid.padding = Insets(all: 8)
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.vertical = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x9aa3b2))
            grid.gridLines.header = LineStyle(width: 2, color: Color(hex: 0x111111))
            var title = ResolvedStyle()
            title.font.size = 12
            title.font.weight = 700
            title.padding = Insets(top: 0, right: 0, bottom: 6, left: 0)
            grid.title = .init(text: "Quarterly numbers", style: title)
            var foot = ResolvedStyle()
            foot.font.size = 7
            foot.padding = Insets(top: 4, right: 0, bottom: 0, left: 0)
            grid.footnote = .init(text: "Source: made up", style: foot)
        }
    }

    @Test func writesSampleFiles() throws {
        let dir = ProcessInfo.processInfo.environment["GRIDRENDER_SAMPLES"] ?? NSTemporaryDirectory()
        for scale in [1.0, 2.0] {
            try GridRenderer.render(Self.sample(scale: scale), to: "\(dir)/sample@\(Int(scale))x.png")
        }
        try GridRenderer.render(Self.sample(), to: "\(dir)/sample.svg")
        try GridRenderer.render(Self.sample(), to: "\(dir)/sample.pdf")
    }
}
