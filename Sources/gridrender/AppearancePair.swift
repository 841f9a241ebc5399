import Foundation
import GridDocument
import GridDrawing

/// `render --appearance light,dark`: one output per appearance, named `OUT-light.png` and
/// `OUT-dark.png`, and the HTML that shows the right one on a README (GitHub honours
/// `prefers-color-scheme` in `<picture>`).
enum AppearancePair {
    /// `table.png` → `table-dark.png` (the suffix goes before the extension).
    static func path(_ output: String, _ appearance: Appearance) -> String {
        let ext = PathBytes.pathExtension(output)
        let stem = ext.isEmpty ? output : String(output.dropLast(ext.count + 1))
        return "\(stem)-\(appearance.rawValue)" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// The `<picture>` element for a light/dark pair of one input, or nil when the tasks are not one.
    /// `alt`: the table's text alternative (`Document.altText()`), else the input's stem. The
    /// `<img>` carries the picture's 1x size (`PictureSize`) so a 2x PNG is not shown twice as large.
    static func snippet(_ tasks: [RenderCommand.Task], alt: String? = nil) -> String? {
        guard let light = tasks.first(where: { $0.appearance == .light }),
              let dark = tasks.first(where: { $0.appearance == .dark }) else { return nil }
        let alt = alt ?? (light.input == "-" ? "table" : PathBytes.stem(light.input))
        let size = PictureSize.of(light.output).map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
        return """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="\(XMLText.escaped(URLPath.reference(dark.output)))">
              <img alt="\(XMLText.escaped(alt))" src="\(XMLText.escaped(URLPath.reference(light.output)))"\(size)>
            </picture>
            """
    }
}
