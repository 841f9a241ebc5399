/// One page's share of the structure tree, as `PDFStructureTree.add` numbered it in page order:
/// the elements the page completed (nothing can add to them any more) and the page's
/// parent-tree array. Formatting them (`objects`) needs nothing else, so any lane does it, in
/// parallel with the others (issue 28: the join's serial part is numbering, not formatting).
struct PDFStructurePage: Sendable {
    /// The complete elements, by number, in the order numbered.
    var elements: [(number: Int, element: PDFStructureElement)] = []
    /// The parent-tree array's number and, per marked-content id, its element's number.
    var array: Int
    var byMCID: [Int]
    /// The page's parent-tree key (its `/StructParents`) and each link annotation's (nil: not tagged).
    var key: Int
    var annotationKeys: [Int?]

    /// How many plain objects `objects` gives.
    var objectCount: Int { elements.count + 1 }

    /// The elements' dictionaries and the parent-tree array, appended to `out` in number order.
    func objects(into out: inout [(number: Int, bytes: [UInt8])]) {
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        for (number, element) in elements { out.append((number, element.bytes(kids: &scratch))) }
        var array: [UInt8] = [UInt8(ascii: "[")]
        array.reserveCapacity(byMCID.count * 8 + 2)
        for (k, element) in byMCID.enumerated() {
            if k > 0 { array.append(UInt8(ascii: " ")) }
            PDFStructureElement.reference(element, &array)
        }
        array.append(UInt8(ascii: "]"))
        out.append((self.array, array))
    }
}
