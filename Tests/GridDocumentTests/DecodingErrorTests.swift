import Testing
@testable import GridDocument

/// Exact error lines (file, line, key path, message) for DESIGN.md §8's bad inputs.
@Suite struct DecodingErrorTests {
    @Test func unknownKeyWithSuggestion() {
        let e = jsonError("{\n  \"colums\": []\n}")
        #expect(e == DocumentError(file: "doc.json", line: 2, keyPath: "", "unknown key `colums`; did you mean `columns`?"))
        #expect(e?.description == "doc.json:2: unknown key `colums`; did you mean `columns`?")
        let nested = jsonError("{\"canvas\": {\n\"widht\": 3}}")
        #expect(nested?.description == "doc.json:2: canvas: unknown key `widht`; did you mean `width`?")
        let far = jsonError("{\"columns\": [{\"key\": \"a\", \"zzzzzz\": 1}]}")
        #expect(far?.description == "doc.json:1: columns[0]: unknown key `zzzzzz`; expected one of `key`, `title`, `width`, `align`, `format`, `style`, `headerStyle`, `colorScale`, `bar`, `rules`")
    }

    @Test func unknownKeyInYAMLFile() {
        let path = Fixture.path("decoding/bad-unknown-key.yaml")
        let e = documentError { () throws(DocumentError) in try Document.load(path: path) }
        #expect(e == DocumentError(file: path, line: 3, keyPath: "canvas", "unknown key `widht`; did you mean `width`?"))
    }

    @Test func wrongTypes() {
        let e = jsonError("{\"columns\": [\n {\"key\": \"a\"},\n {\"key\": \"b\"},\n {\"key\": \"c\", \"width\": \"wide\"}]}", file: "people.json")
        #expect(e?.description == "people.json:4: columns[2].width: expected a number, \"auto\" or an object, found \"wide\"")
        #expect(jsonError(##"{"title": 3}"##)?.description == "doc.json:1: title: expected a string, found 3")
        #expect(jsonError(##"{"blending": "yes"}"##)?.description == "doc.json:1: blending: expected true or false, found \"yes\"")
        #expect(jsonError(##"{"canvas": []}"##)?.description == "doc.json:1: canvas: expected an object, found an array")
        #expect(jsonError(##"{"columns": [{"key": "a", "align": "centre"}]}"##)?.description
                == "doc.json:1: columns[0].align: expected \"left\", \"center\", \"right\" or \"decimal\", found \"centre\"; did you mean \"center\"?")
        #expect(jsonError(##"{"columns": [{"title": "a"}]}"##)?.description == "doc.json:1: columns[0]: missing key `key`")
        #expect(jsonError(##"{"data": {"rows": [[[1]]]}}"##)?.description
                == "doc.json:1: data.rows[0][0]: expected text, a number, true/false, null, or an object with `text`, `image` or `color`, found an array")
        #expect(jsonError(##"{"items": 2.5}"##)?.description == "doc.json:1: items: expected a whole number ≥ 0, found 2.5")
    }

    @Test func negativeAndInfiniteLengths() {
        #expect(jsonError("{\"canvas\": {\"width\": -3}}")?.description == "doc.json:1: canvas.width: expected a length ≥ 0, found -3")
        #expect(jsonError("{\"columns\": [{\"key\": \"a\",\n \"width\": {\"fill\": 1, \"min\": -1}}]}")?.description
                == "doc.json:2: columns[0].width.min: expected a length ≥ 0, found -1")
        #expect(jsonError("{\"columnSpacing\": 1e999}")?.description == "doc.json:1: columnSpacing: expected a finite number, found 1e999")
        #expect(jsonError("{\"margins\": {\"left\": -1e999}}")?.description == "doc.json:1: margins.left: expected a finite number, found -1e999")
        #expect(jsonError("{\"defaultRowHeight\": {\"fill\": 0}}")?.description == "doc.json:1: defaultRowHeight.fill: expected a fill weight from 0.0001 to 1,000,000, found 0")
        #expect(jsonError("{\"columnWidths\": [{\"fraction\": 1.5}]}")?.description
                == "doc.json:1: columnWidths[0].fraction: expected a number at least 0 and at most 1, found 1.5")
        #expect(jsonError("{\"columnWidths\": [{\"fill\": 1, \"min\": 50, \"max\": 10}]}")?.description
                == "doc.json:1: columnWidths[0].max: `max` (10) is less than `min` (50)")
    }

    @Test func nanInYAML() {
        let e = documentError { () throws(DocumentError) in try Document.decode(yaml: "canvas:\n  width: .nan\n", file: "d.yaml") }
        #expect(e == DocumentError(file: "d.yaml", line: 2, keyPath: "canvas.width", "expected a finite number, found .nan"))
        let inf = documentError { () throws(DocumentError) in try Document.decode(yaml: "rowSpacing: .inf\n", file: "d.yaml") }
        #expect(inf?.description == "d.yaml:1: rowSpacing: expected a finite number, found .inf")
    }

    @Test func scaleLimits() {
        #expect(jsonError("{\"canvas\": {\n\"scale\": 0}}") == DocumentError(file: "doc.json", line: 2, keyPath: "canvas.scale",
                                                                              "expected a number greater than 0 and at most 16, found 0"))
        #expect(jsonError("{\"canvas\": {\"scale\": 17}}")?.description
                == "doc.json:1: canvas.scale: expected a number greater than 0 and at most 16, found 17")
        #expect(jsonError("{\"canvas\": {\"scale\": 16}}") == nil)
    }

    @Test func canvasLimits() {
        #expect(jsonError("{\"canvas\": {\"width\": 200000000, \"height\": 1, \"scale\": 16}}")?.description
                == "doc.json:1: canvas: the canvas is 3,200,000,000 px wide; at most 2,147,483,647 px per side are allowed")
        #expect(jsonError("{\"canvas\": {\"width\": 600000, \"height\": 10, \"scale\": 2}}") == nil)
        #expect(jsonError("{\"canvas\": {\"width\": 100000, \"height\": 50000}}")?.description
                == "doc.json:1: canvas: the canvas is 100,000 × 50,000 px (5,000,000,000 pixels); at most 4,000,000,000 pixels are allowed")
        #expect(documentError { () throws(DocumentError) in try Document.checkCanvasLimits(widthPx: 1_000_000, heightPx: 4000) } == nil)
        #expect(documentError { () throws(DocumentError) in try Document.checkCanvasLimits(widthPx: 1, heightPx: 2_147_483_647) } == nil)
        #expect(documentError { () throws(DocumentError) in try Document.checkCanvasLimits(widthPx: 1, heightPx: 2_147_483_648) }?.message
                == "the canvas is 2,147,483,648 px tall; at most 2,147,483,647 px per side are allowed")
        #expect(documentError { () throws(DocumentError) in try Document.checkCanvasLimits(widthPx: 80_000, heightPx: 50_000) } == nil)
        #expect(documentError { () throws(DocumentError) in try Document.checkCanvasLimits(widthPx: 80_000, heightPx: 50_001) } != nil)
    }

    @Test func invalidColours() {
        #expect(jsonError("{\"styles\": {\"cell\": {\n\"background\": \"#12\"}}}")?.description
                == "doc.json:2: styles.cell.background: invalid colour \"#12\"; expected #rgb, #rrggbb, #rrggbbaa, rgb(…), rgba(…), a CSS colour name or \"transparent\"")
        #expect(jsonError("{\"canvas\": {\"background\": 255}}")?.description
                == "doc.json:1: canvas.background: expected a colour string such as \"#1f2937\", found 255")
        #expect(jsonError("{\"items\": [{\"color\": \"#zzz\"}]}")?.keyPath == "items[0].color")
        let yaml = documentError { () throws(DocumentError) in try Document.decode(yaml: "styles:\n  cell:\n    background: #fff\n", file: "d.yaml") }
        #expect(yaml?.description == "d.yaml:3: styles.cell.background: expected a colour string such as \"#1f2937\", found null (in YAML, quote colours: \"#fff\")")
    }

    @Test func maxColumnsAndMaxRows() {
        let e = jsonError("{\"items\": 4,\n\"maxColumns\": 2,\n\"maxRows\": 2}")
        #expect(e == DocumentError(file: "doc.json", line: 3, keyPath: "maxRows", "`maxColumns` and `maxRows` cannot both be set"))
    }

    @Test func modeConflicts() {
        #expect(jsonError("{\"items\": 3, \"columns\": []}")?.description
                == "doc.json:1: columns: `columns` belongs to table mode and cannot be combined with `items`")
        #expect(jsonError("{\"defaultColumnWidth\": {\"adaptive\": true, \"min\": 50}}")?.description
                == "doc.json:1: defaultColumnWidth.adaptive: `adaptive` is only allowed in item mode's `defaultColumnWidth`")
        #expect(jsonError("{\"data\": {\"rows\": [], \"csv\": \"a.csv\"}}")?.description
                == "doc.json:1: data: `data` takes exactly one of `rows`, `records`, `csv`, `tsv` or `json`")
        #expect(jsonError("{\"columns\": [{\"key\": \"a\"}, {\"key\": \"a\"}]}")?.description
                == "doc.json:1: columns[1].key: duplicate column key \"a\"")
    }

    @Test func missingCSVFile() {
        let path = Fixture.path("decoding/missing-csv.json")
        let e = documentError { () throws(DocumentError) in try Document.load(path: path).prepare() }
        #expect(e == DocumentError(file: path, line: 3, keyPath: "data.csv",
                                   "cannot read the CSV file \"\(Fixture.path("decoding/nowhere.csv"))\": no such file"))
        let alone = documentError { () throws(DocumentError) in try Document.load(path: "/nonexistent/x.csv") }
        #expect(alone?.description == "/nonexistent/x.csv: cannot read the file: no such file")
        let doc = documentError { () throws(DocumentError) in try Document.load(path: "/nonexistent/x.json") }
        #expect(doc?.description == "/nonexistent/x.json: cannot read the file: no such file")
        let ext = documentError { () throws(DocumentError) in try Document.load(path: "x.txt") }
        #expect(ext?.description == "x.txt: unsupported input type `.txt`; expected .json, .yaml, .yml, .csv, .tsv or .md")
    }

    @Test func unknownThemeListsKnownOnes() {
        let known = Theme.presets.map(\.name).joined(separator: ", ")
        let e = documentError { () throws(DocumentError) in try json("{\"columns\": [{\"key\": \"a\"}],\n\"theme\": \"stripd\"}").prepare() }
        #expect(e == DocumentError(file: "doc.json", line: 2, keyPath: "theme",
                                   "unknown theme \"stripd\" (did you mean \"striped\"?); known themes: \(known)"))
        let cli = documentError { () throws(DocumentError) in try json("{}").prepare(theme: "neon") }
        #expect(cli?.description == "doc.json: --theme: unknown theme \"neon\"; known themes: \(known)")
        let missingFile = documentError { () throws(DocumentError) in try json("{\"theme\": \"nope/x.json\"}").prepare() }
        #expect(missingFile?.description == "doc.json:1: theme: cannot read the theme file \"nope/x.json\": no such file")
    }

    @Test func invalidUTF8InDocument() {
        let e = documentError { () throws(DocumentError) in try Document.decode(json: Array("{\"title\":\n \"".utf8) + [0xFF] + Array("\"}".utf8), file: "d.json") }
        #expect(e?.description == "d.json:2: invalid UTF-8 (byte 0xFF)")
    }

    @Test func prepareOverridesAreChecked() {
        #expect(documentError { () throws(DocumentError) in try json("{}").prepare(scale: 0) }?.description
                == "doc.json: --scale: expected a number greater than 0 and at most 16, found 0")
        #expect(documentError { () throws(DocumentError) in try json("{}").prepare(width: -1) }?.keyPath == "--width")
    }

    @Test func spanOutsideTable() {
        let e = documentError { () throws(DocumentError) in
            try json("{\"columns\": [{\"key\": \"a\"}],\n\"spans\": [{\"row\": 0, \"column\": 0, \"columns\": 2}]}").prepare()
        }
        #expect(e?.description == "doc.json:2: spans[0]: the span (row 0, column 0, 1×2) goes outside the table (1 rows, 1 columns)")
    }

    @Test func raggedRowsAgainstColumns() {
        let e = documentError { () throws(DocumentError) in
            try json("{\"columns\": [{\"key\": \"a\"}],\n\"data\": {\"rows\": [[1], [1, 2]]}}").prepare()
        }
        #expect(e?.description == "doc.json:2: data.rows[1]: row has 2 cells but there are 1 columns")
    }

    @Test func columnStyleForUnknownKey() {
        let e = documentError { () throws(DocumentError) in
            try json("{\"columns\": [{\"key\": \"balance\"}, {\"key\": \"name\"}],\n\"styles\": {\"columns\": {\"balanse\": {}}}}").prepare()
        }
        #expect(e?.description == "doc.json:2: styles.columns.balanse: no column has the key \"balanse\"; did you mean \"balance\"?")
    }

    @Test func selectionOutsideTable() {
        let e = documentError { () throws(DocumentError) in
            try json("{\"columns\": [{\"key\": \"a\"}], \"data\": {\"rows\": [[1]]},\n\"selection\": {\"rows\": [1, 2]}}").prepare()
        }
        #expect(e?.description == "doc.json:2: selection.rows[1]: row 2 is outside the table (2 rows, counting header and section rows)")
    }

    @Test func missingImageFile() {
        let e = documentError { () throws(DocumentError) in
            try json("{\"items\": [\n\"a\",\n{\"image\": \"nope.png\", \"fit\": \"cover\"}]}").prepare()
        }
        #expect(e?.description == "doc.json:3: items[1].image: cannot read the image file \"nope.png\": no such file")
    }

    @Test func themeFileErrorsNameTheThemeFile() {
        let bad = Fixture.path("decoding/bad-theme.json")
        let e = documentError { () throws(DocumentError) in try json("{}").prepare(theme: bad) }
        #expect(e == DocumentError(file: bad, line: 3, keyPath: "styles", "unknown key `hedaer`; did you mean `header`?"))
        let cycle = documentError { () throws(DocumentError) in try json("{}").prepare(theme: Fixture.path("decoding/cycle-a.json")) }
        #expect(cycle?.message == "themes extend each other more than 8 levels deep (a cycle?)")
    }

    @Test func raggedCSVReportsTheLine() {
        let path = Fixture.path("decoding/ragged.csv")
        let e = documentError { () throws(DocumentError) in try Document.load(path: path).prepare() }
        #expect(e?.file == path)
        #expect(e?.line == 3)
    }
}
