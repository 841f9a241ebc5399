import ArgumentParser
import GridDocument
import GridSnapshot

/// The comparison options `compare` and `accept` share (one declaration, `@OptionGroup` in both),
/// so `accept` decides "changed" exactly as the `compare` run that was reviewed did: same preset,
/// thresholds and masks.
struct ComparisonFlags: ParsableArguments {
    @Option(help: ArgumentHelp("Comparison preset: strict or perceptual.", valueName: "strict|perceptual"))
    var preset: String = "strict"

    @Option(help: ArgumentHelp("YIQ colour threshold t (0...1): a pixel differs when its delta exceeds 35215*t^2.", valueName: "T"))
    var threshold: Double?

    @Option(name: .customLong("channel-tolerance"),
            help: ArgumentHelp("Channel differences up to N (0...255) are noise; 0 disables this step, leaving --threshold alone to decide.", valueName: "N"))
    var channelTolerance: Int?

    @Option(help: ArgumentHelp("Anti-aliased pixels: ignore them (pixelmatch's default) or count them as differences.", valueName: "ignore|count"))
    var antialiasing: String?

    @Option(name: .customLong("max-pixels"), help: ArgumentHelp("Allow at most N differing pixels.", valueName: "N"))
    var maxPixels: Int?

    @Option(name: .customLong("max-fraction"), help: ArgumentHelp("Allow at most this fraction (0...1) of differing pixels.", valueName: "F"))
    var maxFraction: Double?

    @Option(help: ArgumentHelp("Rectangles to leave out of the comparison: {\"masks\": [{\"path\"?: glob, \"x\", \"y\", \"width\", \"height\"}]}.", valueName: "FILE.json"))
    var mask: String?

    @Option(help: ArgumentHelp("rows: match the images' pixel rows first, so inserted and removed rows are bands, not changes (images of any heights).", valueName: "rows"))
    var align: String?

    @Option(name: .customLong("max-image-pixels"),
            help: ArgumentHelp("Refuse images with more pixels than this, before decoding (default 400000000).", valueName: "N"))
    var maxImagePixels: Int?

    /// These options as command-line words (only those given), for a printed `accept` command.
    var arguments: [String] {
        var words: [String] = []
        if preset != "strict" { words += ["--preset", preset] }
        if let threshold { words += ["--threshold", "\(threshold)"] }
        if let channelTolerance { words += ["--channel-tolerance", "\(channelTolerance)"] }
        if let antialiasing { words += ["--antialiasing", antialiasing] }
        if let maxPixels { words += ["--max-pixels", "\(maxPixels)"] }
        if let maxFraction { words += ["--max-fraction", "\(maxFraction)"] }
        if let mask { words += ["--mask", mask] }  // as given, like the folders: run from the same folder
        if let maxImagePixels { words += ["--max-image-pixels", "\(maxImagePixels)"] }
        if let align { words += ["--align", align] }
        return words
    }

    func options() throws(CompareCommand.CompareError) -> ComparisonOptions {
        typealias CompareError = CompareCommand.CompareError
        guard var options = ComparisonOptions.preset(named: preset) else {
            throw CompareError(message: "--preset: unknown preset \"\(escapeForMessage(preset))\"; expected one of \(ComparisonOptions.presetNames.joined(separator: ", "))")
        }
        if maxPixels != nil && maxFraction != nil {
            throw CompareError(message: "--max-pixels and --max-fraction cannot be used together")
        }
        if let threshold {
            guard threshold.isFinite, (0 ... 1).contains(threshold) else {
                throw CompareError(message: "--threshold: expected a number from 0 to 1, found \(threshold)")
            }
            options = options.with(threshold: threshold)
        }
        if let channelTolerance {
            guard (0 ... 255).contains(channelTolerance) else {
                throw CompareError(message: "--channel-tolerance: expected a whole number from 0 to 255, found \(channelTolerance)")
            }
            options = options.with(channelTolerance: channelTolerance)
        }
        if let antialiasing {
            switch antialiasing.lowercased() {
            case "ignore": options = options.with(ignoreAntialiasing: true)
            case "count": options = options.with(ignoreAntialiasing: false)
            default:
                throw CompareError(message: "--antialiasing: expected ignore or count, found \"\(escapeForMessage(antialiasing))\"")
            }
        }
        if let maxPixels {
            guard maxPixels >= 0 else { throw CompareError(message: "--max-pixels: expected a count of 0 or more, found \(maxPixels)") }
            options = options.with(maxDifferingPixels: maxPixels)
        }
        if let maxFraction {
            guard maxFraction.isFinite, (0 ... 1).contains(maxFraction) else {
                throw CompareError(message: "--max-fraction: expected a number from 0 to 1, found \(maxFraction)")
            }
            options = options.with(maxDifferingFraction: maxFraction)
        }
        if let align {
            guard align.lowercased() == "rows" else {
                throw CompareError(message: "--align: expected rows, found \"\(escapeForMessage(align))\"")
            }
            options.alignRows = true
        }
        return options
    }

    func pixelBudget() throws(CompareCommand.CompareError) -> UInt64 {
        guard let maxImagePixels else { return StreamingComparison.defaultPixelBudget }
        guard maxImagePixels > 0 else {
            throw CompareCommand.CompareError(message: "--max-image-pixels: expected a count of 1 or more, found \(maxImagePixels)")
        }
        return UInt64(maxImagePixels)
    }

    func loadMask() throws(CompareCommand.CompareError) -> ComparisonMask {
        guard let mask else { return ComparisonMask() }
        do { return try ComparisonMask.load(path: mask) } catch { throw CompareCommand.CompareError(error) }
    }
}
