import Foundation
import GridRender

/// docs/API.md, "Publication tables": each example is checked against the JSON it mirrors (the
/// gallery fixture, or the JSON given here): the two must render the same PNG bytes.
func publication() throws {
    func sameAsJSON(_ built: Document, _ json: String, _ what: String) throws {
        let decoded = try Document(decoding: json)
        check(try built.pngData() == (try decoded.pngData()), "\(what): the Swift document renders as its JSON")
    }
    func sameAsFixture(_ built: Document, _ fixture: String) throws {
        let decoded = try Document.load(path: "Fixtures/gallery/publication/\(fixture).json")
        check(try built.pngData() == (try decoded.pngData()), "\(fixture): the Swift document renders as the fixture")
    }

    // Column formats
    let prices = Document(
        columns: [
            .init(key: "item", title: "Item"),
            .init(key: "price", title: "Price", format: .init(decimals: 2, grouping: true, prefix: "$", negative: .parentheses)),
            .init(key: "share", title: "Share", format: .init(decimals: 1, percent: true)),
            .init(key: "sold", title: "Sold", dateFormat: .init(input: "dd/MM/yyyy", output: "d MMM yyyy"), missing: "—"),
        ],
        rows: [["Lamp", 1234.5, 0.125, "05/03/2024"], ["Refund", -80, 0.02, nil]],
        theme: .minimal
    ).canvas(padding: 12)
    try prices.render(to: "formats.png")
    try sameAsJSON(prices, """
        {"canvas": {"padding": 12}, "theme": "minimal",
         "columns": [{"key": "item", "title": "Item"},
                     {"key": "price", "title": "Price", "format": {"number": {"decimals": 2, "grouping": true, "prefix": "$", "negative": "parentheses"}}},
                     {"key": "share", "title": "Share", "format": {"number": {"decimals": 1, "percent": true}}},
                     {"key": "sold", "title": "Sold", "format": {"date": {"input": "dd/MM/yyyy", "output": "d MMM yyyy"}, "missing": "—"}}],
         "data": {"rows": [["Lamp", 1234.5, 0.125, "05/03/2024"], ["Refund", -80, 0.02, null]]}}
        """, "formats")

    let shown = Document(
        columns: [.init(key: "what", title: "Format"), .init(key: "value", title: "Shows", align: .right)],
        rows: [
            ["compact", .number(3456789, format: .init(number: .init(notation: .compact)))],
            ["scientific", .number(0.000123, format: .init(number: .init(decimals: 2, notation: .scientific)))],
            ["accounting", .number(-1234.5, format: .init(number: .init(decimals: 2, grouping: true, prefix: "$", negative: .parentheses)))],
            ["scale 100", .number(0.125, format: .init(number: .init(decimals: 1, suffix: " %", scale: 100)))],
            ["separators", .number(1234567.5, format: .init(number: .init(decimals: 2, grouping: true, decimalSeparator: ",", groupSeparator: ".")))],
            ["date", .text("2025-07-14", format: .init(date: .init(output: "EEE d MMMM yyyy")))],
            ["date in", .text("14/07/2025 09:30", format: .init(date: .init(input: "dd/MM/yyyy HH:mm", output: "yyyy-MM-dd'T'HH:mm")))],
            ["missing", .empty(format: .init(missing: "—"))],
        ],
        theme: .minimal
    ).canvas(padding: 12)
    try shown.render(to: "cell-formats.png")
    try sameAsFixture(shown, "formats")

    // Stub and spanners
    var weather = Document(
        columns: [.init(key: "city", title: "City"), .init(key: "t_min", title: "Min"), .init(key: "t_max", title: "Max"),
                  .init(key: "rain", title: "Rain"), .init(key: "sun", title: "Sun")],
        rows: [["Oslo", 13, 22, 81, 251], ["Rome", 19, 31, 19, 350], ["Lima", 14, 19, 1, 96]],
        theme: .minimal
    ).canvas(padding: 12)
    weather.stub = "city"                                   // the column of row labels
    weather.spanners = [
        .init(label: "Temperature (°C)", columns: ["t_min", "t_max"], id: "temp"),
        .init(label: "Hours and mm", columns: ["rain", "sun"], id: "other"),
        .init(label: "July averages", spanners: ["temp", "other"]),   // one level higher
    ]
    try weather.render(to: "spanners.png")
    try sameAsFixture(weather, "spanners")

    // Row groups and summary rows
    var basket = Document(
        columns: [.init(key: "item", title: "Item"), .init(key: "qty", title: "Qty"),
                  .init(key: "price", title: "Price", format: .init(decimals: 2, prefix: "$"))],
        sections: [.init(title: "Fruit", rows: [["Apples", 3, 1.2], ["Pears", 2, 0.95]]),
                   .init(title: "Bread", rows: [["Rye", 1, 3.5], ["Spelt", 2, 4.25]])],
        theme: .minimal
    ).canvas(padding: 12)
    basket.stub = "item"
    basket.summary = [
        .init(label: "Subtotal", values: ["qty": .sum, "price": .sum], sections: true),
        .init(label: "Total", values: ["qty": .sum, "price": .sum]),
        .init(label: "Dearest", values: ["price": .max]),
    ]
    basket.styles.summary = Style(font: .init(weight: .bold))
    try basket.render(to: "summary.png")
    try sameAsFixture(basket, "summary")

    // Footnotes and a source note
    var launches = Document(
        columns: [.init(key: "year", title: "Year"), .init(key: "n", title: "Launches", align: .decimal),
                  .init(key: "ok", title: "Success rate", format: .init(decimals: 1, percent: true))],
        rows: [[2022, 186, 0.968], [2023, 223, 0.973], [2024, 259, 0.981]],
        title: "Launches", theme: .minimal
    ).canvas(padding: 12)
    launches.footnote = "Source: agency reports."           // the source note, last
    launches.footnotes = [
        .init(text: "Orbital attempts only.", columns: ["n"]),
        .init(text: "Preliminary.", cells: [.init(row: 2, column: "n"), .init(row: 2, column: "ok")]),
        .init(text: "Calendar years, UTC.", title: true),
    ]
    launches.footnoteMarks = .letters                       // ᵃ ᵇ ᶜ; .numbers (default), .symbols
    try launches.render(to: "footnotes.svg")
    try sameAsFixture(launches, "footnotes")

    // Colour scales, bars and rules
    let teams = Document(
        columns: [
            .init(key: "team", title: "Team"),
            .init(key: "score", title: "Score", colorScale: .init(palette: "viridis")),
            .init(key: "change", title: "Change", format: .init(decimals: 1, negative: .parentheses),
                  bar: .init(color: "#86efac", negativeColor: "#fca5a5")),
            .init(key: "status", title: "Status", rules: [
                .init(when: [.eq: "late"], style: Style(color: "#b91c1c", font: .init(weight: .bold))),
                .init(when: .init(empty: true), style: Style(background: "#f1f5f9")),
            ]),
        ],
        rows: [["Ada", 92, 4.5, "done"], ["Bo", 61, -2.25, "late"], ["Cy", 77, 1, nil], ["Di", 45, -6, "done"]],
        theme: .minimal
    ).canvas(padding: 12)
    try teams.render(to: "data-styles.pdf")
    try sameAsFixture(teams, "data-styles")

    let scales: [Document.ColorScale] = [
        .init(palette: "diverging", domain: [-10, 10]),                 // centred on 0
        .init(palette: ["#f7fbff", "#08306b"], target: .text),          // your own stops, low to high
    ]
    let rules: [Document.ConditionalRule] = [
        .init(when: [.ge: 10, .lt: 20], style: Style(background: "#fef9c3")),   // every test must hold
    ]

    check(scales.count == 2 && rules.count == 1, "palettes and conditions from literals")
    for file in ["formats.png", "cell-formats.png", "spanners.png", "summary.png", "footnotes.svg", "data-styles.pdf"] {
        check(FileManager.default.fileExists(atPath: file), "publication: \(file) written")
    }
}
