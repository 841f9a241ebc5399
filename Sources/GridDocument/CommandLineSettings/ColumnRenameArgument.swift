/// `--rename KEY=TITLE`: a column's `title` without a document.
package struct ColumnRenameArgument: Sendable, Hashable {
    /// The column's key (or, failing that, its title), as `--sort` takes it.
    package var key: String
    package var title: String

    package init(parsing text: String) throws(DocumentError) {
        guard let (key, title) = ArgumentText.keyValue(text) else {
            throw DocumentError(keyPath: "--rename", "expected KEY=TITLE, found \"\(Echo.short(text))\"")
        }
        self.key = key; self.title = title
    }
}
