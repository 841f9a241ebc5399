import Foundation

/// Rasterizes SVG text with librsvg's `rsvg-convert` (Debian's `librsvg2-bin`, installed by
/// scripts/setup.sh), so an SVG rendering can be compared in pixels with the PNG rendering of the
/// same document (DESIGN §7): text equality catches structural changes, pixels catch what a
/// viewer actually shows.
package enum SVGRasterizer {
    /// Renders `svg` at its own size (px units) to a decoded image. `executable` is looked up on
    /// `PATH` unless it contains a `/`.
    package static func rasterize(_ svg: String, executable: String = "rsvg-convert") throws(ImageError) -> RGBAImage {
        guard let tool = locate(executable) else {
            throw ImageError(file: executable, "not found on PATH; install librsvg2-bin to rasterize SVG")
        }
        let directory = NSTemporaryDirectory() + "gridsnapshot-svg-\(getpid())-\(UUID().uuidString)"
        try FileIO.createDirectory(directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/in.svg", output = directory + "/out.png"
        try FileIO.write(Data(svg.utf8), to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png", "--output", output, input]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ImageError(file: tool, "cannot run: \(error)")
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw ImageError(file: executable, "failed (exit \(process.terminationStatus))\(text.isEmpty ? "" : ": " + text)")
        }
        return try RGBAImage(contentsOfPNGFile: output)
    }

    static func locate(_ executable: String) -> String? {
        if executable.contains("/") {
            return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

extension SnapshotStrategy where Value == String, Format == RGBAImage {
    /// SVG text rasterized with `rsvg-convert` and compared in pixels (default `perceptual`, as
    /// librsvg's anti-aliasing differs slightly from Cairo's). Stored as PNG, so the same
    /// reference can be shared with a PNG strategy of the same document.
    package static func svgRasterized(_ options: ComparisonOptions = .perceptual) -> SnapshotStrategy {
        SnapshotStrategy<RGBAImage, RGBAImage>.png(options).pullback { svg in try SVGRasterizer.rasterize(svg) }
    }
}
