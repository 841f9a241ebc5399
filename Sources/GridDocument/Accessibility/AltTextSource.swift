import Foundation

/// The text alternative of a document (`Document.altText()`), made on first use and kept.
///
/// Made lazily because it reads the data again (`Document.dataTable()`): PNG output never
/// asks for it, and a table of a million rows should not pay for it there. A source without a
/// document (a grid built in code) has none. A document whose data cannot be read again (a
/// file removed since) has none either: the picture is still written, named by its title.
///
/// `@unchecked Sendable`: the cached texts are written once under `lock`.
package final class AltTextSource: @unchecked Sendable {
    private let document: Document?
    private let lock = NSLock()
    private var made = false
    private var cachedText: String?
    private var cachedGenerated: String?

    package init(_ document: Document? = nil) { self.document = document }

    /// The document's `alt`, else the generated text.
    package var text: String? { make().text }
    /// The generated text, whatever the document's `alt` says.
    package var generated: String? { make().generated }

    private func make() -> (text: String?, generated: String?) {
        lock.lock(); defer { lock.unlock() }
        if !made, let document {
            cachedGenerated = try? document.generatedAltText()
            let given = document.alt.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            cachedText = given ?? cachedGenerated
        }
        made = true
        return (cachedText, cachedGenerated)
    }
}
