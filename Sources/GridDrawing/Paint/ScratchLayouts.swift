/// The layouts cell text is prepared in while the display list that shows them waits to be
/// played: a text Pango shows (`PangoTextNode`) holds its layout until then, so each gets a
/// layout of its own, reused once the list is played. At most `capacity` are held: the painter
/// plays what it recorded when they are all taken (`isFull`), so a slab of thousands of cells
/// does not keep thousands of shaped layouts.
final class ScratchLayouts {
    static let capacity = 64
    private let context: TextContext
    private var layouts: [TextLayout] = []
    /// How many layouts recorded nodes hold.
    private(set) var taken = 0

    init(context: TextContext) { self.context = context }

    /// The layout to prepare the next text in: free until `take()`.
    func free() -> TextLayout {
        if taken == layouts.count { layouts.append(TextLayout(context: context)) }
        return layouts[taken]
    }

    /// Marks the free layout as held by a recorded node.
    func take() { taken += 1 }

    var isFull: Bool { taken >= ScratchLayouts.capacity }

    /// Every layout is free again (the list holding them was played).
    func releaseAll() { taken = 0 }
}
