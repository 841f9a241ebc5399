import Testing
import GridLayout
@testable import GridDocument

/// `itemWidth` and the direction checks of `ItemDirection.swift`: decoding and bad input.
@Suite struct ItemDirectionTests {
    func prepareError(_ text: String) -> DocumentError? {
        documentError { () throws(DocumentError) in _ = try json(text).prepare() }
    }

    @Test func decodesItemWidthIntoTheSpec() throws {
        let d = try json(#"{"items": 4, "flow": "columns", "maxRows": 2, "canvas": {"height": 80}, "itemWidth": {"multiplier": 1.5}}"#)
        #expect(d.itemWidth == .multiplier(1.5))
        let grid = try d.prepare()
        guard case .items(let items) = grid.spec.content else { Issue.record("not items"); return }
        #expect(items.itemWidth == .multiplier(1.5))
        #expect(items.isHorizontal(width: grid.spec.width, height: grid.spec.height))
        #expect(try json(#"{"items": 4, "itemWidth": 30}"#).itemWidth == .lineSize(30))
    }

    @Test func badItemWidthValuesNameTheKeyPath() {
        #expect(jsonError(#"{"items": 4,\#n "itemWidth": {"multiplier": -1}}"#)?.description
                == "doc.json:2: itemWidth.multiplier: expected a multiplier from 0 to 1,000, found -1")
        #expect(jsonError(#"{"items": 4, "itemWidth": {"lineSize": 1, "extension": 2}}"#)?.description
                == "doc.json:1: itemWidth: `itemWidth` takes exactly one of `lineSize`, `multiplier` or `extension`")
        #expect(jsonError(#"{"items": 4, "itemWidth": "wide"}"#)?.description
                == "doc.json:1: itemWidth: expected a number or an object with `lineSize`, `multiplier` or `extension`, found \"wide\"")
        #expect(jsonError(#"{"columns": [{"key": "a"}], "itemWidth": 20}"#)?.description
                == "doc.json:1: itemWidth: `itemWidth` belongs to item mode (a document with `items`)")
        #expect(jsonError(#"{"items": 4, "maxColumns": 2,\#n "maxRows": 2}"#)?.description
                == "doc.json:2: maxRows: `maxColumns` and `maxRows` cannot both be set")
    }

    /// `itemWidth` where columns share the width would be ignored; a relative `itemHeight`
    /// where rows share the height would follow the widths that follow it.
    @Test func keysTheDirectionIgnoresAreErrors() {
        let vertical = prepareError(#"{"items": 4, "maxRows": 2, "canvas": {"width": 80},\#n "itemWidth": 20}"#)
        #expect(vertical?.description.hasPrefix("doc.json:2: itemWidth: `itemWidth` sizes columns in the horizontal direction only") == true)
        let rows = prepareError(#"{"items": 4, "flow": "columns", "canvas": {"width": 80}, "itemWidth": 20}"#)
        #expect(rows?.keyPath == "itemWidth")
        let relative = prepareError(#"{"items": 4, "flow": "columns", "canvas": {"height": 80},\#n "itemHeight": {"multiplier": 2}}"#)
        #expect(relative?.description.hasPrefix("doc.json:2: itemHeight: in the horizontal direction") == true)
        #expect(relative?.description.contains("\n") == false)
        #expect(prepareError(#"{"items": 4, "flow": "columns", "itemHeight": {"lineSize": 0}}"#)?.keyPath == "itemHeight")
        // A fixed height is fine in either direction; a relative one with a width and no height too.
        #expect(prepareError(#"{"items": 4, "flow": "columns", "canvas": {"height": 80}, "itemHeight": 30}"#) == nil)
        #expect(prepareError(#"{"items": 4, "flow": "columns", "maxRows": 2, "canvas": {"width": 80}, "itemHeight": {"multiplier": 0.5}}"#) == nil)
        // maxRows with flow rows keeps its meaning (DESIGN.md §3: ⌈N/r⌉ columns): no error.
        #expect(prepareError(#"{"items": 4, "maxRows": 2, "canvas": {"width": 80}}"#) == nil)
    }
}
