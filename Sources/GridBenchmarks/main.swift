import GridLayout
import GridRenderAccelerators

// Layout-core benchmarks: `swift run -c release GridBenchmarks`.

// The same process as the CLI's (docs/API.md, "Accelerators").
GridRenderAccelerators.install()

let baselineMiB = ProcessMemory.currentMiB
var rows: [(String, String)] = []

let tableSpec = Scenarios.mixedTable()
var layout = LayoutEngine.layout(tableSpec)
let sizing = Stopwatch.medianMilliseconds(runs: 21) { layout = LayoutEngine.layout(tableSpec) }
rows.append(("layout 1000×1000 table (size both axes, place)", "\(format(sizing)) ms  (median of 21)"))
rows.append(("  cells", "\(layout.cellCount)"))
let afterLayoutMiB = ProcessMemory.peakMiB

// Every frame on demand.
var checksum = 0.0
let walk = Stopwatch.medianMilliseconds(runs: 5) {
    layout.forEachCell { checksum += $0.frame.width }
}
rows.append(("forEachCell over 1M cells (frames on demand)", "\(format(walk)) ms  (median of 5)"))

// A 40×40-cell viewport query at different places.
var generator = SystemRandomNumberGenerator()
let queries = (0..<64).map { _ -> Rect in
    let row = Int.random(in: 0..<(1000 - 40), using: &generator)
    let column = Int.random(in: 0..<(1000 - 40), using: &generator)
    let x = layout.columns[column].offset, y = layout.rows[row].offset
    return Rect(x: x + 1, y: y + 1, width: layout.columns[column + 39].end - x - 2, height: layout.rows[row + 39].end - y - 2)
}
var queryIndex = 0
var found = 0
let query = Stopwatch.medianMilliseconds(runs: 2001) {
    found = layout.cells(in: queries[queryIndex % queries.count]).count
    queryIndex += 1
}
rows.append(("cells(in:) 40×40-cell viewport", "\(format(query * 1000)) µs  (median of 2001, \(found) cells)"))

/// 10,000 lookups with local state (top-level globals would add exclusivity checks).
func lookups(_ layout: Layout, start: Int) -> Double {
    var sum = 0.0
    for index in start..<(start + 10_000) {
        sum += layout.cell(row: index % 1000, column: (index &* 7) % 1000)?.frame.x ?? 0
    }
    return sum
}
let single = Stopwatch.medianMilliseconds(runs: 101) {
    checksum += lookups(layout, start: queryIndex)
    queryIndex &+= 10_000
}
rows.append(("cell(row:column:)", "\(format(single * 100)) ns  (median of 101 batches of 10k)"))

let autoSpec = Scenarios.autoTable()
let measurer = ArithmeticMeasurer()
var autoLayout = LayoutEngine.layout(autoSpec, measurer: measurer)
let autoSizing = Stopwatch.medianMilliseconds(runs: 11) { autoLayout = LayoutEngine.layout(autoSpec, measurer: measurer) }
rows.append(("layout 1000×1000 all-auto table (2M measurements)", "\(format(autoSizing)) ms  (median of 11)"))

var tallSpec = GridSpec(content: .table(.init(columnCount: 10, rows: Array(repeating: .data, count: 1_000_000))),
                        width: 1000, height: 1_000_000, scale: 1)
tallSpec.defaultColumnWidth = .fill(1)
tallSpec.rowHeights = (0..<1_000_000).map { $0 % 3 == 0 ? .fixed(1) : .fill(1) }
var tallLayout = LayoutEngine.layout(tallSpec)
let tall = Stopwatch.medianMilliseconds(runs: 5) { tallLayout = LayoutEngine.layout(tallSpec) }
rows.append(("layout 1M-row × 10 table (fixed/fill rows)", "\(format(tall)) ms  (median of 5)"))

let itemSpec = Scenarios.items()
var itemLayout = LayoutEngine.layout(itemSpec)
let items = Stopwatch.medianMilliseconds(runs: 21) { itemLayout = LayoutEngine.layout(itemSpec) }
rows.append(("layout 1M items in 1000 columns", "\(format(items)) ms  (median of 21, \(itemLayout.rows.count) rows)"))

var small = Scenarios.mixedTable(size: 100)
small.width = 12_000
small.height = 4_000
let smallLayout = LayoutEngine.layout(small)
var jsonLength = 0
let json = Stopwatch.medianMilliseconds(runs: 11) { jsonLength = smallLayout.json(units: .pixels).utf8.count }
rows.append(("json(units:) 100×100 table", "\(format(json)) ms  (\(jsonLength / 1024) KiB)"))

rows.append(("RSS before layouts", "\(format(baselineMiB)) MiB"))
rows.append(("peak RSS after the 1000×1000 layouts", "\(format(afterLayoutMiB)) MiB"))
rows.append(("peak RSS at the end", "\(format(ProcessMemory.peakMiB)) MiB"))

let width = rows.map(\.0.count).max() ?? 0
print("GridLayout benchmarks (release)")
for (name, value) in rows {
    print(name + String(repeating: " ", count: width - name.count) + "  " + value)
}
if checksum.isNaN { print(checksum) }

func format(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return "\(rounded)"
}
