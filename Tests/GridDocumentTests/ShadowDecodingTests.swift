import Testing
@testable import GridDocument

/// `shadow` (the selection glow): a radius from 0 to 16 points, one-line errors with the key path.
@Suite struct ShadowDecodingTests {
    @Test func decodesRadiusAndColour() throws {
        let d = try json(##"{"items": 2, "styles": {"selectedRow": {"shadow": {"radius": 16, "color": "#ff000080"}}}}"##)
        #expect(d.styles.selectedRow?.shadow?.radius == 16)
        #expect(d.styles.selectedRow?.shadow?.color.rounded == [1, 0, 0, 0.502])
    }

    @Test func badRadiiNameTheKeyPath() {
        #expect(jsonError(#"{"items": 2,\#n "styles": {"selectedRow": {"shadow": {"radius": -2}}}}"#)?.description
                == "doc.json:2: styles.selectedRow.shadow.radius: expected a glow radius from 0 to 16 pt, found -2")
        #expect(jsonError(#"{"items": 2, "styles": {"cell": {"shadow": {"radius": 40}}}}"#)?.description
                == "doc.json:1: styles.cell.shadow.radius: expected a glow radius from 0 to 16 pt, found 40")
        #expect(jsonError(#"{"items": 2, "styles": {"cell": {"shadow": {"color": "red"}}}}"#)?.description
                == "doc.json:1: styles.cell.shadow: missing key `radius`")
    }
}
