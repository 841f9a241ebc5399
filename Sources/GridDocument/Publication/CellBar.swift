/// A data bar inside a cell (a column's `bar`): from `start` to `end`, fractions 0…1 of the cell's
/// inner width (its frame minus padding), painted over the background and under the text.
package struct CellBar: Sendable, Hashable {
    package var start: Double
    package var end: Double
    package var color: Color
    package init(start: Double, end: Double, color: Color) { self.start = start; self.end = end; self.color = color }
}
