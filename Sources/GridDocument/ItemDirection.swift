import GridLayout

/// The direction an item grid runs in (`GridSpec.Items.isHorizontal`) decides which of
/// `itemHeight` and `itemWidth` follows the other; this refuses the combinations where a key
/// would be ignored or the two would follow each other in a circle (DESIGN.md §8: one line, the
/// key path). Checked once the canvas is known, since `--width` can change the direction.
extension Document {
    func checkItemDirection(_ spec: GridSpec) throws(DocumentError) {
        guard case .items(let items) = spec.content else { return }
        let horizontal = items.isHorizontal(width: spec.width ?? spec.viewport?.width,
                                            height: spec.height ?? spec.viewport?.height)
        if itemWidth != nil && !horizontal {
            throw DocumentError(file: file, line: sourceLines["itemWidth"], keyPath: "itemWidth",
                                "`itemWidth` sizes columns in the horizontal direction only (`flow: \"columns\"` with a canvas height, or without a canvas width); here columns share the canvas width")
        }
        if horizontal, let rule = itemHeight {
            if case .lineSize(let n) = rule, n > 0 { return }
            throw DocumentError(file: file, line: sourceLines["itemHeight"], keyPath: "itemHeight",
                                "in the horizontal direction (`flow: \"columns\"` with a canvas height, or without a canvas width) item rows share the height: give `itemHeight` a fixed length, or size the widths with `itemWidth`")
        }
    }
}
