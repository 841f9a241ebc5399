import CCairo

/// Structure tags of a tagged PDF (`StructureNode`); other surfaces ignore them. A tag begun
/// before a fill that covers a whole page of whole points is lost (Cairo's recording drops what
/// such a fill covers, the tag with it, and the page then fails as badly nested): the structure
/// is begun after the page's background.
extension CairoContext {
    func beginStructure(_ kind: StructureNode.Kind) { cairo_tag_begin(pointer, kind.rawValue, "") }
    func endStructure(_ kind: StructureNode.Kind) { cairo_tag_end(pointer, kind.rawValue) }
}
