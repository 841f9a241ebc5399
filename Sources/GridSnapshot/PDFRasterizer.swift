import Foundation

/// Rasterizes PDF pages with poppler's `pdftoppm` and counts them with `pdfinfo` (Debian's
/// `poppler-utils`, installed by scripts/setup.sh), so a paginated rendering can be compared in
/// pixels page by page.
package enum PDFRasterizer {
    /// Page `page` (1-based) of `pdf` at `dpi` (72 = one pixel per point), decoded.
    package static func rasterize(_ pdf: Data, page: Int, dpi: Int = 72) throws(ImageError) -> RGBAImage {
        try withTemporaryFile(pdf) { (directory, input) throws(ImageError) in
            let prefix = directory + "/page"
            _ = try run("pdftoppm", ["-png", "-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile", input, prefix])
            return try RGBAImage(contentsOfPNGFile: prefix + ".png")
        }
    }

    /// Every page of `pdf` at 72 dpi, stacked top to bottom on a transparent canvas as wide as the
    /// widest page, so a page added, removed or changed shows in one comparison; refused past
    /// `budget` pixels.
    package static func allPages(_ pdf: Data, budget: UInt64 = StreamingComparison.defaultPixelBudget) throws(ImageError) -> RGBAImage {
        let count = try pageCount(pdf)
        var pages: [RGBAImage] = []
        var total = 0
        for page in 1 ... max(count, 1) {
            let image = try rasterize(pdf, page: page)
            total += image.pixelCount
            if UInt64(total) > budget {
                throw ImageError("pages too large: more than the pixel budget of \(budget) pixels")
            }
            pages.append(image)
        }
        let width = pages.map(\.width).max() ?? 0, height = pages.map(\.height).reduce(0, +)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        var top = 0
        for page in pages {
            for y in 0 ..< page.height {
                let from = y * page.width * 4, to = ((top + y) * width) * 4
                bytes.replaceSubrange(to ..< to + page.width * 4, with: page.pixels[from ..< from + page.width * 4])
            }
            top += page.height
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    /// The number of pages of `pdf`.
    package static func pageCount(_ pdf: Data) throws(ImageError) -> Int {
        try withTemporaryFile(pdf) { (_, input) throws(ImageError) in
            let info = try run("pdfinfo", [input])
            for line in info.split(separator: "\n") where line.hasPrefix("Pages:") {
                if let count = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) { return count }
            }
            throw ImageError(file: "pdfinfo", "printed no page count")
        }
    }

    private static func withTemporaryFile<T>(_ pdf: Data, _ body: (String, String) throws(ImageError) -> T) throws(ImageError) -> T {
        let directory = NSTemporaryDirectory() + "gridsnapshot-pdf-\(getpid())-\(UUID().uuidString)"
        try FileIO.createDirectory(directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/in.pdf"
        try FileIO.write(pdf, to: input)
        return try body(directory, input)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws(ImageError) -> String {
        guard let tool = SVGRasterizer.locate(executable) else {
            throw ImageError(file: executable, "not found on PATH; install poppler-utils to rasterize PDF")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw ImageError(file: tool, "cannot run: \(error)")
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw ImageError(file: executable, "failed (exit \(process.terminationStatus))\(text.isEmpty ? "" : ": " + text)")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
