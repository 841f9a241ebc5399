@testable import GridLayout
import Testing

@Suite struct GeometryLiteralsTests {
    @Test func numberLiterals() {
        let padding: Insets<Double> = 12
        let half: Insets<Double> = 2.5
        let gap: Spacing = 4
        #expect(padding == Insets(all: 12))
        #expect(half == Insets(all: 2.5))
        #expect(gap == Spacing(4) && gap.stretch == 0)
    }
}
