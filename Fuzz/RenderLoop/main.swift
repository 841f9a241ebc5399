// Renders one document N times in one process (default 1000) and prints the peak resident
// memory after the first tenth and at the end, for the leak check (scripts/leak-check.sh):
// under LeakSanitizer or valgrind any Cairo, Pango or GObject object a render forgets to
// release shows up as a leak, and a growing peak shows up in the two numbers.
// Built only with GRIDRENDER_FUZZ=1 (see docs/robustness.md).
import GridDocument
import GridDrawing
#if canImport(Glibc)
import Glibc
#endif

func peakKiB() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") {
            return Int(text.dropFirst(6).filter { $0.isNumber }) ?? -1
        }
    }
    return -1
}

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
let path = arguments.count > 2 ? arguments[2] : "Fixtures/demo/table.json"
let formats: [OutputFormat] = [.png, .svg, .pdf]
do {
    let grid = try Document.load(path: path).prepare()
    var firstTenth = 0
    var bytes = 0
    for index in 0..<count {
        // Mostly PNG, with SVG and PDF mixed in so every surface type is created and destroyed.
        let format = index % 10 == 9 ? formats[(index / 10) % 2 + 1] : .png
        bytes &+= try GridRenderer.render(grid, format: format).count
        if index + 1 == max(1, count / 10) { firstTenth = peakKiB() }
    }
    let last = peakKiB()
    print("renders: \(count) bytes: \(bytes) peak after \(max(1, count / 10)): \(firstTenth) KiB, peak at end: \(last) KiB")
    if firstTenth > 0, last > firstTenth + max(16 * 1024, firstTenth / 5) {
        print("error: peak memory grew by \(last - firstTenth) KiB")
        exit(1)
    }
} catch {
    print("error: \(error)")
    exit(2)
}
