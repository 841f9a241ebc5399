import Foundation

/// What a prepared grid tells readers who cannot see it (issue 30): the accessible SVG's
/// `<title>`/`<desc>` and its table roles, and the PDF's `/Alt`. `Document.prepare` fills it;
/// a grid built in code has no title and no alt text, and says "Table".
package struct GridAccessibility: Sendable {
    /// The document's title as shown (inline markup taken out), nil when it has none.
    package var title: String?
    /// The first column labels its rows (the document's `stub`): its data cells are row headers.
    package var hasStub = false
    /// The text alternative (`Document.altText()`), made when first asked for.
    package var alternative = AltTextSource()
    /// The layout rows of the summaries that end the table (a tagged PDF's `TFoot`); empty for none.
    package var footRows: Range<Int> = 0..<0

    package init(title: String? = nil, hasStub: Bool = false, alternative: AltTextSource = AltTextSource()) {
        self.title = title; self.hasStub = hasStub; self.alternative = alternative
    }

    /// The accessible name of the picture: the title, else the text alternative, else "Table".
    package var name: String {
        title ?? alternative.text ?? "Table"
    }

    /// The longer description: the text alternative when it says more than the name; else the
    /// generated summary when it does; nil when both equal the name (said once, not twice).
    package var description: String? {
        let name = self.name
        if let text = alternative.text, text != name { return text }
        if let generated = alternative.generated, generated != name { return generated }
        return nil
    }
}

extension Document {
    /// The accessibility facts of this document, for `prepare`.
    package var accessibility: GridAccessibility {
        GridAccessibility(title: shownTitle, hasStub: stub != nil && !isItemMode, alternative: AltTextSource(self))
    }

    /// The title as its characters show: inline markup taken out when the title is read as
    /// Markdown (its style's `markup`, else the cells', else the document's default), trimmed;
    /// nil when there is none.
    package var shownTitle: String? {
        guard let title else { return nil }
        let markup = styles.title?.markup ?? styles.cell?.markup ?? defaultMarkup
        let shown = (markup == .markdown ? InlineMarkup.parse(title).text : title).trimmingCharacters(in: .whitespacesAndNewlines)
        return shown.isEmpty ? nil : shown
    }
}
