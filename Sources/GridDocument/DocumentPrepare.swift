import GridLayout

/// `Document.prepare`: data loading, column inference, row flattening, theme application and
/// the `GridSpec`, producing the `PreparedGrid` the drawing module consumes.
///
/// Container size: `spec.width`/`spec.height` are the canvas size minus `canvas.padding` only.
/// Title, subtitle and footnote need text measurement (Pango), which this module does not do,
/// so the drawer subtracts their heights from `spec.height` before laying out.
extension Document {
    /// Reads the data files, infers the columns, flattens header, section and data rows, applies
    /// the theme and the style cascade, and builds the layout input: everything the renderer needs.
    ///
    /// - Parameters:
    ///   - themeOverride: a preset name or a theme file (relative to the working directory) that
    ///     replaces the document's `theme` (the CLI's `--theme`).
    ///   - width: replaces `canvas.width` (`--width`).
    ///   - scale: replaces `canvas.scale` (`--scale`), 0 < scale ≤ 16.
    /// - Throws: ``DocumentError`` for a missing data, theme or image file, an unknown theme, a
    ///   span outside the table, a column style for a missing column, or a canvas too large.
    package func prepare(theme themeOverride: String? = nil, width: Double? = nil, scale: Double? = nil) throws(DocumentError) -> PreparedGrid {
        if let width, !(width.isFinite && width >= 0) {
            throw DocumentError(file: file, keyPath: "--width", "expected a width ≥ 0, found \(NodeDecoder(file: nil).format(width))")
        }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 16) {
            throw DocumentError(file: file, keyPath: "--scale", "expected a number greater than 0 and at most 16, found \(NodeDecoder(file: nil).format(scale))")
        }
        var theme = try resolveTheme(override: themeOverride)
        let background = canvas.background ?? theme.background ?? .white
        // On a transparent canvas the theme's fills become tints that read on any page.
        if !background.isOpaque { theme.styles = theme.styles.translucent(over: theme.background ?? .white) }
        let sheet = StyleSheet.documentLayered(styles, over: theme.styles)
        let finalScale = scale ?? canvas.scale
        let canvasWidth = width ?? canvas.width
        do {
            try Document.checkCanvasLimits(widthPx: (canvasWidth ?? 0) * finalScale, heightPx: (canvas.height ?? 0) * finalScale)
        } catch {
            var e = error
            e.file = file; e.keyPath = "canvas"; e.line = sourceLines["canvas"]
            throw e
        }

        let images = ImageTally(budget: budget)
        try checkImages(imageReferences, images)

        let source: DocumentCellSource
        let modeSpec: GridSpec
        var headerRowCount = 0
        var published = TablePreparation(source: nil, spec: nil)
        let gridLines = gridLines.applied(to: theme.gridLines)
        if isItemMode {
            (source, modeSpec) = try prepareItems(sheet: sheet)
        } else {
            published = try prepareTable(sheet: sheet, images: images, rule: gridLines.header ?? LineStyle(width: 1, color: Color(red: 0.29, green: 0.33, blue: 0.39)))
            source = published.source!; modeSpec = published.spec!; headerRowCount = published.headerCount
        }

        // The document's layout keys, with the content and column widths the mode worked out.
        var spec = layout
        spec.content = modeSpec.content
        if !modeSpec.columnWidths.isEmpty { spec.columnWidths = modeSpec.columnWidths }
        if !modeSpec.rowHeights.isEmpty { spec.rowHeights = modeSpec.rowHeights }
        spec.spans = modeSpec.spans + layout.spans
        spec.width = canvasWidth.map { Swift.max(0, $0 - canvas.padding.left - canvas.padding.right) }
        spec.height = canvas.height.map { Swift.max(0, $0 - canvas.padding.top - canvas.padding.bottom) }
        spec.scale = finalScale
        try validateSpans(spec)
        try checkItemDirection(spec)

        func block(_ text: String?, _ layer: Style?, size: Double, weight: Int, color: Color) -> PreparedGrid.TextBlock? {
            guard let text else { return nil }
            var base = ResolvedStyle()
            base.font = FontSpec(family: "DejaVu Sans", size: size, weight: weight, italic: false)
            base.color = color
            base.padding = Insets(top: 0, right: 0, bottom: 4, left: 0)
            base.markup = defaultMarkup
            return PreparedGrid.TextBlock(text: text, style: ResolvedStyle.cascade([sheet.cell.map(Self.textOnly), layer], blending: blending, base: base))
        }
        // Footnotes are listed under the table, before `footnote`.
        let notes = published.notes + (footnote.map { [$0] } ?? [])
        var grid = PreparedGrid(
            spec: spec, canvasWidth: canvasWidth, canvasHeight: canvas.height, scale: finalScale,
            background: background, padding: canvas.padding, page: canvas.page,
            title: block(title.map { $0 + published.titleMark }, sheet.title, size: 14, weight: 700, color: .black),
            subtitle: block(subtitle, sheet.subtitle, size: 10, weight: 400, color: Color(red: 0.25, green: 0.25, blue: 0.25)),
            footnote: block(notes.isEmpty ? nil : notes.joined(separator: "\n"), sheet.footnote, size: 8, weight: 400, color: Color(red: 0.4, green: 0.4, blue: 0.4)),
            gridLines: gridLines, fonts: fonts,
            repeatedRowCount: Swift.max(headerRowCount, layout.frozenRows),
            baseDirectory: baseDirectory, cells: source, emptySlots: emptySlots)
        grid.warnings = dataReading.warnings + published.warnings
        grid.linkPolicy = LinkPolicy(allowing: linkSchemes)
        grid.file = file
        grid.language = lang ?? "en"
        grid.accessibility = accessibility
        grid.accessibility.footRows = source.footRows(count: summary.count { !$0.sections })
        grid.readFiles = readFiles(theme: theme)
        // Pages after the first repeat the title with the `continued` line in the subtitle's
        // style; the `continues` note is set as the footnote is.
        grid.pageFlow = canvas.pageFlow
        grid.pageFlow.continuedLine = block(canvas.pageFlow.continued, sheet.subtitle, size: 10, weight: 400, color: Color(red: 0.25, green: 0.25, blue: 0.25))
        grid.pageFlow.continuesNote = block(canvas.pageFlow.continues, sheet.footnote, size: 8, weight: 400, color: Color(red: 0.4, green: 0.4, blue: 0.4))
        grid.pageFlow.repeatedColumnCount = isItemMode ? spec.frozenColumns : Swift.max(1, spec.frozenColumns)
        return grid
    }

    /// Every file preparing this document read: the output writer will not overwrite them.
    func readFiles(theme: ResolvedTheme) -> [String] {
        var files: [String] = []
        if let file, file != "-" { files.append(file) }
        switch data {
        case .csv(let path)?, .tsv(let path)?, .json(let path)?: files.append(FileIO.resolve(path, against: baseDirectory))
        default: break
        }
        files += theme.files
        files += imageReferences.map { FileIO.resolve($0.path, against: baseDirectory) }
        return files
    }

    /// The text-related part of the `cell` layer (font and colour), inherited by text blocks.
    static func textOnly(_ s: Style) -> Style {
        var t = Style()
        t.font = s.font.map { FontSpec(family: $0.family) }
        t.color = s.color
        t.markup = s.markup
        t.linkColor = s.linkColor
        return t
    }

    // MARK: Table mode

    struct LoadedData {
        var header: [String] = []
        var strings: [[String]] = []
        var cells: [[Cell]] = []
        var records: [[RecordField]]?
        /// Columns numeric but for a few values (`CSVTable.nearlyNumericWarnings`).
        var warnings: [String] = []
    }

    /// `rowLimit`: read at most this many CSV/TSV data rows (`--limit` without `--sort`).
    func loadData(rowLimit: Int? = nil, images: ImageTally? = nil) throws(DocumentError) -> LoadedData {
        var loaded = LoadedData()
        let line = sourceLines["data"]
        switch data {
        case nil: break
        case .rows(let rows): loaded.cells = rows
        case .records(let records): loaded.records = records
        case .csv(let path), .tsv(let path):
            let isTSV: Bool
            if case .tsv = data { isTSV = true } else { isTSV = false }
            let full = FileIO.resolve(path, against: baseDirectory)
            guard FileIO.exists(full) else {
                throw DocumentError(file: file, line: line, keyPath: isTSV ? "data.tsv" : "data.csv",
                                    "cannot read the \(isTSV ? "TSV" : "CSV") file \"\(full)\": no such file")
            }
            let bytes: [UInt8]
            do {
                bytes = try Timings.span("read") { () throws(FileBytes.ReadError) in try FileBytes.read(full, maxBytes: maxInputBytes) }
            } catch {
                throw DocumentError(file: full, "cannot read file: \(error.reason)")
            }
            // The delimiter sniffed or forced, missing-value tokens blanked (`DataReading`).
            let read = try Timings.span("decode") { () throws(DocumentError) in
                try dataReading.table(bytes, tsv: isTSV, file: full, budget: budget, maxRows: rowLimit)
            }
            loaded.header = read.table.header
            loaded.strings = read.table.rows
            loaded.warnings = read.warnings
        case .json(let path):
            let full = FileIO.resolve(path, against: baseDirectory)
            guard FileIO.exists(full) else {
                throw DocumentError(file: file, line: line, keyPath: "data.json", "cannot read the JSON file \"\(full)\": no such file")
            }
            var node = try Timings.span("decode") { () throws(DocumentError) in
                try Document.parseTree(path: full, displayName: full, maxBytes: maxInputBytes)
            }
            if case .object = node.value, let r = node["records"] { node = r }
            let decoder = NodeDecoder(file: full)
            loaded.records = try decoder.records(node, "")
            try checkImages(decoder.images.references, images ?? ImageTally(budget: budget))
        }
        return loaded
    }


    /// The columns: explicit, or inferred from the CSV header, record keys, or the first inline row
    /// (taken out of `loaded`'s cells); `headerRows` becomes 0 when no row names them and the
    /// document did not say. `prepare` and `dataTable` (what `diff` compares) share it.
    func inferredColumns(_ loaded: inout LoadedData, headerRows: inout Int) -> [Column] {
        if let columns { return columns }
        if !loaded.header.isEmpty { return loaded.header.map { Column(key: $0) } }
        if let records = loaded.records {
            var keys: [String] = [], seen = Set<String>()
            for r in records { for f in r where seen.insert(f.key).inserted { keys.append(f.key) } }
            return keys.map { Column(key: $0) }
        }
        guard !loaded.cells.isEmpty || sections.contains(where: { !$0.rows.isEmpty }) else { return [] }
        let width = (loaded.cells + sections.flatMap(\.rows)).map(\.count).max() ?? 0
        if headerRows > 0, !loaded.cells.isEmpty { return Column.named(by: loaded.cells.removeFirst(), count: width) }
        // No row names the columns: they are numbered, and numbers make a poor header.
        if self.headerRows == nil { headerRows = 0 }
        return (0..<width).map { Column(key: "\($0 + 1)") }
    }

    private func prepareTable(sheet: StyleSheet, images: ImageTally, rule: LineStyle) throws(DocumentError) -> TablePreparation {
        var loaded = try loadData(images: images)
        var headerRows = self.headerRows ?? 1

        let columnSpecs = inferredColumns(&loaded, headerRows: &headerRows)

        let totalRows = loaded.strings.count + loaded.cells.count + (loaded.records?.count ?? 0)
            + sections.reduce(0) { $0 + $1.rows.count } + 1
        if columnSpecs.count > 0, totalRows > budget.cells / columnSpecs.count {
            throw DocumentError(file: file, line: sourceLines["data"], keyPath: "data",
                                budget.tooManyCells(rows: totalRows, columns: columnSpecs.count))
        }
        if columnSpecs.count > budget.columns {
            throw DocumentError(file: file, line: sourceLines[columns != nil ? "columns" : "data"], keyPath: columns != nil ? "columns" : "data",
                                "the table has " + budget.tooManyColumns(columnSpecs.count))
        }

        // Records become positional rows in column order.
        if let records = loaded.records {
            loaded.cells = Self.positionalRows(records, columns: columnSpecs)
        }

        // CSV columns are found by header name when the document lists its own columns.
        var csvIndex = Array(0..<columnSpecs.count)
        if !loaded.header.isEmpty, columns != nil {
            for (i, c) in columnSpecs.enumerated() {
                guard let j = loaded.header.firstIndex(of: c.key) else {
                    throw DocumentError(file: file, line: sourceLines["columns"], keyPath: "columns[\(i)].key",
                                        "column \"\(c.key)\" is not in the CSV header (\(loaded.header.joined(separator: ", ")))")
                }
                csvIndex[i] = j
            }
        }
        if case .rows(let rows)? = data, columns != nil {
            for (i, r) in rows.enumerated() where r.count > columnSpecs.count {
                throw DocumentError(file: file, line: sourceLines["data"], keyPath: "data.rows[\(i)]",
                                    "row has \(r.count) cells but there are \(columnSpecs.count) columns")
            }
        }
        for (s, section) in sections.enumerated() {
            for (i, r) in section.rows.enumerated() where r.count > columnSpecs.count {
                throw DocumentError(file: file, line: sourceLines["sections"], keyPath: "sections[\(s)].rows[\(i)]",
                                    "row has \(r.count) cells but there are \(columnSpecs.count) columns")
            }
        }

        // Data rows: top-level data (less the header rows taken from it), then each section's.
        var cells = loaded.cells
        var dataRefs: [DocumentCellSource.RowSource] =
            loaded.strings.isEmpty ? cells.indices.map { .cells($0) } : loaded.strings.indices.map { .strings($0) }
        var extraHeaderRows: [DocumentCellSource.RowSource] = []
        var headerCount = 0
        let hasTitles = headerRows > 0 && !columnSpecs.isEmpty
        if hasTitles {
            headerCount = 1
            while headerCount < headerRows, !dataRefs.isEmpty { extraHeaderRows.append(dataRefs.removeFirst()); headerCount += 1 }
        }
        var groups = [RowGroup(section: nil, title: nil, collapsed: false, rows: dataRefs)]
        var sectionTitles: [String] = []
        for (s, section) in sections.enumerated() {
            sectionTitles.append(section.title ?? "")
            var rows: [DocumentCellSource.RowSource] = []
            for r in section.rows { cells.append(r); rows.append(.cells(cells.count - 1)) }
            groups.append(RowGroup(section: s, title: section.title, collapsed: section.collapsed, rows: rows))
        }
        let strings = loaded.strings
        let cellRows = cells
        func raw(_ source: DocumentCellSource.RowSource, _ c: Int) -> DocumentCellSource.RawValue? {
            DocumentCellSource.raw(source, csvIndex: csvIndex[c], cellIndex: c, strings: strings, cells: cellRows)
        }

        // Numeric columns (every non-empty value a number) are right-aligned unless told otherwise.
        var numeric = [Bool](repeating: false, count: columnSpecs.count)
        for c in columnSpecs.indices where columnSpecs[c].align == nil {
            var sawNumber = false, allNumbers = true
            scan: for group in groups where !group.collapsed {
                for source in group.rows {
                    guard let value = raw(source, c) else { continue }
                    if value.number != nil { sawNumber = true } else { allNumbers = false; break scan }
                }
            }
            numeric[c] = sawNumber && allNumbers
        }

        // A column style for a key no column has is almost always a typo.
        let keys = columnSpecs.map(\.key)
        for key in styles.columns.keys.sorted() where !keys.contains(key) {
            var message = "no column has the key \"\(key)\""
            if let s = EditDistance.suggestion(for: key, among: keys) { message += "; did you mean \"\(s)\"?" }
            else if !keys.isEmpty { message += "; the columns are " + keys.map { "\"\($0)\"" }.joined(separator: ", ") }
            throw DocumentError(file: file, line: sourceLines["styles"], keyPath: "styles.columns.\(key)", message)
        }

        var plan = try PublicationPlan(document: self, columns: columnSpecs, numeric: numeric, groups: groups,
                                       raw: raw, sheet: sheet, rule: rule, hasTitles: hasTitles)
        // The stub moves first: display column d shows document column `plan.order[d]`.
        let order = plan.order
        let shown = order.map { columnSpecs[$0] }

        // Layout rows: spanner rows, column titles, header rows from the data, then each group
        // (section header row, its rows unless collapsed, its summary rows), then the grand summaries.
        var refs: [DocumentCellSource.RowRef] = []
        var kinds: [RowKind] = []
        for _ in 0..<plan.spannerLevels { refs.append(.init(source: .spanner, rowClass: .header)); kinds.append(.header) }
        if hasTitles { refs.append(.init(source: .titles, rowClass: .titles)); kinds.append(.header) }
        for source in extraHeaderRows { refs.append(.init(source: source, rowClass: .header)); kinds.append(.header) }
        headerCount += plan.spannerLevels
        var dataRowLayout: [Int] = []
        func addSummaries(_ rows: [[CellContent]]) {
            for (k, row) in rows.enumerated() {
                plan.table.summaryRows.append(row)
                refs.append(.init(source: .summary(plan.table.summaryRows.count - 1), rowClass: k == 0 ? .summaryFirst : .summary))
                kinds.append(.data)
            }
        }
        for group in groups {
            if let s = group.section, group.title != nil {
                refs.append(.init(source: .section(s), rowClass: .section)); kinds.append(.section)
            }
            for (i, source) in group.rows.enumerated() {
                if group.collapsed { dataRowLayout.append(-1); continue }
                dataRowLayout.append(refs.count)
                refs.append(.init(source: source, rowClass: i % 2 == 1 ? .alternateRow : .row)); kinds.append(.data)
            }
            if group.section != nil || !group.rows.isEmpty { addSummaries(try plan.summaries(sections: true, rows: group.rows)) }
        }
        addSummaries(try plan.summaries(sections: false, rows: groups.flatMap(\.rows)))

        for (i, r) in selection.rows.enumerated() where r >= refs.count {
            throw DocumentError(file: file, line: sourceLines["selection"], keyPath: "selection.rows[\(i)]",
                                "row \(r) is outside the table (\(refs.count) rows, counting header and section rows)")
        }

        // The column layer: inferred alignment, then `columns[i].align`/`.style`, then `styles.columns[key]`.
        let columnLayers: [Style?] = order.map { i in
            let c = columnSpecs[i]
            var layer = Style()
            if numeric[i] { layer.align = .right }
            if let a = c.align { layer.align = a }
            if let s = c.style { layer = s.over(layer) }
            if let s = sheet.columns[c.key] { layer = s.over(layer) }
            if plan.hasStub, i == order[0], let s = sheet.stub { layer = s.over(layer) }
            return layer
        }
        // Header cells take only the column's alignment (so numeric titles stay right-aligned).
        let headerAlignment: [Style?] = order.map { i in
            var layer = Style()
            if numeric[i] { layer.align = .right }
            if let a = columnSpecs[i].align { layer.align = a }
            return layer
        }
        let look = TableLook(columns: columnLayers, headerAlignment: headerAlignment, headerStyles: shown.map(\.headerStyle),
                             stubRule: plan.hasStub ? plan.stubRule : nil, summaryRule: plan.summaryRule)
        let styleTable = Self.styleTable(sheet: sheet, look: look, blending: blending, markup: defaultMarkup)
        try plan.placeMarks(refs: refs, dataRowLayout: dataRowLayout, titleRow: hasTitles ? plan.spannerLevels : nil)
        plan.buildHeaderCells(styleTable: styleTable, columnCount: Swift.max(1, columnLayers.count), titles: shown.map { $0.title ?? $0.key })
        for i in order { plan.table.dataStyles.append(try plan.dataStyle(column: i)) }
        plan.table.selectedRow = sheet.selectedRow
        plan.checkReadable(columns: columnSpecs, rawCells: cellRows)

        let prepared = order.enumerated().map { d, i in
            DocumentCellSource.Column(key: columnSpecs[i].key, title: (columnSpecs[i].title ?? columnSpecs[i].key) + (plan.titleMarks[d] ?? ""),
                                      format: CompiledCellFormat(columnSpecs[i].cellFormat), csvIndex: csvIndex[i], cellIndex: i)
        }
        var source = DocumentCellSource(
            columns: prepared, rows: refs, strings: loaded.strings, cells: cells, sectionTitles: sectionTitles,
            selectedRows: Set(selection.rows), isItemMode: false, itemLists: [], itemStarts: [], selectedItems: [],
            itemSectionHeaderRows: [:], blending: blending,
            styleTable: styleTable,
            columnCountForStyles: Swift.max(1, columnLayers.count))
        source.publication = plan.table

        var table = GridSpec.Table(columnCount: columnSpecs.count, rows: kinds)
        table.spanners = plan.placements
        var spec = GridSpec(content: .table(table))
        var widths = layout.columnWidths
        if widths.count < columnSpecs.count { widths += [TrackSize?](repeating: nil, count: columnSpecs.count - widths.count) }
        for (i, c) in columnSpecs.enumerated() where c.width != nil { widths[i] = c.width }
        spec.columnWidths = order.map { widths[$0] } + widths.dropFirst(order.count)
        spec.spans = plan.spans
        if let h = headerHeight, headerCount > 0 {
            var heights = layout.rowHeights
            if heights.count < headerCount { heights += [TrackSize?](repeating: nil, count: headerCount - heights.count) }
            for r in 0..<headerCount where heights[r] == nil { heights[r] = .fixed(h) }
            spec.rowHeights = heights
        }
        return TablePreparation(source: source, spec: spec, headerCount: headerCount, titleMark: plan.titleMark,
                                notes: plan.notes, warnings: loaded.warnings + plan.warnings)
    }

    /// Every (row class, column, selected) combination resolved once.
    ///
    /// Header rows take theme → `cell` → `header` only, never blended (the seed's rule: the header
    /// is unaffected by row, alternate-row and column styles and by blending), with the column's
    /// alignment and, for the column titles, the column's own `headerStyle` on top. The stub
    /// column gets its rule in every row but section rows; selection never restyles header rows.
    static func styleTable(sheet: StyleSheet, look: TableLook = TableLook(), blending: Bool, markup: MarkupMode = .none) -> [ResolvedStyle] {
        var base = ResolvedStyle()
        base.markup = markup
        let columnCount = Swift.max(1, look.columns.count)
        var table: [ResolvedStyle] = []
        table.reserveCapacity(DocumentCellSource.RowClass.allCases.count * columnCount * 2)
        func at<T>(_ list: [T?], _ c: Int) -> T? { c < list.count ? list[c] : nil }
        for rowClass in DocumentCellSource.RowClass.allCases {
            for c in 0..<columnCount {
                let column = at(look.columns, c)
                for selected in [false, true] {
                    var layers: [Style?] = [sheet.cell]
                    var blend = blending
                    switch rowClass {
                    case .header: layers += [at(look.headerAlignment, c), sheet.header]; blend = false
                    case .titles: layers += [at(look.headerAlignment, c), sheet.header, at(look.headerStyles, c)]; blend = false
                    case .section: layers += [sheet.sectionHeader]
                    case .row: layers += [sheet.row, column]
                    case .alternateRow: layers += [sheet.alternateRow, column]
                    case .summary: layers += [column, sheet.summary]
                    case .summaryFirst: layers += [column, look.summaryRule, sheet.summary]
                    case .item: break
                    }
                    if c == 0, let stubRule = look.stubRule, rowClass != .section, rowClass != .item { layers.append(stubRule) }
                    if selected, rowClass != .header, rowClass != .titles { layers.append(sheet.selectedRow) }
                    table.append(ResolvedStyle.cascade(layers, blending: blend, base: base))
                }
            }
        }
        return table
    }

    // MARK: Item mode

    private func prepareItems(sheet: StyleSheet) throws(DocumentError) -> (DocumentCellSource, GridSpec) {
        var gridSections: [GridSpec.Items.Section] = []
        var lists: [[Cell]?] = []
        var starts: [Int] = []
        var titles: [String] = []
        var next = 0
        func add(_ list: ItemList?, title: String?, collapsed: Bool) {
            let count = list?.count ?? 0
            gridSections.append(.init(count: count, hasHeader: title != nil, collapsed: collapsed))
            if case .list(let l)? = list { lists.append(l) } else { lists.append(nil) }
            starts.append(next)
            titles.append(title ?? "")
            if !collapsed { next += count }
        }
        if let items { add(items, title: nil, collapsed: false) }
        for s in sections { add(s.items, title: s.title, collapsed: s.collapsed) }
        // The layout places at most `LayoutLimits.maxItems`; more would be cut silently.
        let total = gridSections.reduce(0) { $0 + $1.count }
        if total > LayoutLimits.maxItems {
            throw DocumentError(file: file, line: sourceLines[items != nil ? "items" : "sections"], keyPath: items != nil ? "items" : "sections",
                                "the grid has \(FileIO.grouped(total)) items; an item grid holds at most \(FileIO.grouped(LayoutLimits.maxItems))")
        }

        var itemsSpec = GridSpec.Items(sections: gridSections, flow: flow ?? .rows, limit: lineLimit,
                                       itemHeight: itemHeight, sectionsStartOnNewLine: sectionsStartOnNewLine ?? true)
        itemsSpec.itemSize = itemSize
        itemsSpec.itemWidth = itemWidth
        // Section header rows are predictable when items flow in rows with a known column count.
        var headerRows: [Int: Int] = [:]
        if itemsSpec.flow == .rows, case .maxColumns(let n)? = lineLimit {
            var row = 0, column = 0
            for (s, section) in gridSections.enumerated() {
                if section.hasHeader || itemsSpec.sectionsStartOnNewLine, column > 0 { row += 1; column = 0 }
                if section.hasHeader { headerRows[row] = s; row += 1 }
                if section.collapsed { continue }
                column += section.count
                row += column / n
                column %= n
            }
        }
        let spec = GridSpec(content: .items(itemsSpec))
        let source = DocumentCellSource(
            columns: [], rows: [], strings: [], cells: [], sectionTitles: titles, selectedRows: [],
            isItemMode: true, itemLists: lists, itemStarts: starts, selectedItems: Set(selection.items),
            itemSectionHeaderRows: headerRows, blending: blending,
            styleTable: Self.styleTable(sheet: sheet, blending: blending, markup: defaultMarkup),
            columnCountForStyles: 1)
        return (source, spec)
    }

    /// Records as rows in column order, in time linear in their fields (a key lookup per field,
    /// not a scan of the record per column: 40,000 keys took 21 s that way).
    static func positionalRows(_ records: [[RecordField]], columns: [Column]) -> [[Cell]] {
        var index: [String: Int] = [:]
        index.reserveCapacity(columns.count)
        for (i, c) in columns.enumerated() where index[c.key] == nil { index[c.key] = i }
        return records.map { record in
            var row = [Cell](repeating: .empty, count: columns.count)
            var set = [Bool](repeating: false, count: columns.count)
            for field in record {
                guard let i = index[field.key], !set[i] else { continue }
                row[i] = field.value
                set[i] = true
            }
            return row
        }
    }

    /// Missing image files are bad input (DESIGN.md §8): refused before anything is drawn.
    /// Each distinct file (by device and inode, so `x.png`, `./x.png` and `././x.png` are one)
    /// is checked once and its decoded size added to the image budget before anything decodes.
    ///
    /// Headers are read in document order up to the first file that fails (missing, not a PNG,
    /// too large, over the budget); the files before it are then walked chunk by chunk on every
    /// core (each read whole, every CRC checked: most of the time of this check for big photos).
    /// The error reported is the one a walk in document order meets first.
    private func checkImages(_ references: [ImageReference], _ images: ImageTally) throws(DocumentError) {
        var checked = Set<String>()
        var accepted: [(reference: ImageReference, path: String)] = []
        var stop: DocumentError?
        for r in references where checked.insert(r.path).inserted {
            let full = FileIO.resolve(r.path, against: baseDirectory)
            guard FileIO.exists(full) else {
                stop = DocumentError(file: r.file, line: r.line, keyPath: r.keyPath, "cannot read the image file \"\(full)\": no such file")
                break
            }
            guard let key = FileIO.identity(full), images.seen.insert(key).inserted else { continue }
            switch FileIO.pngSize(full) {
            case .failure(let e):
                stop = DocumentError(file: r.file, line: r.line, keyPath: r.keyPath, "image file \"\(full)\": \(e.reason)")
            case .success(let size):
                accepted.append((r, full))
                images.bytes += size.width * size.height * 4
                if images.bytes > budget.imageBytes {
                    stop = DocumentError(file: r.file, line: r.line, keyPath: r.keyPath,
                                         "the cell images decode to more than \(FileIO.grouped(budget.imageBytes)) bytes (\(FileIO.grouped(images.bytes)) with \"\(full)\"); \(InputBudget.hint("GRIDRENDER_MAX_IMAGE_BYTES"))")
                }
            }
            if stop != nil { break }
        }
        let problems = FileIO.pngChunkProblems(accepted.map(\.path))
        for ((r, full), problem) in zip(accepted, problems) {
            if let problem { throw DocumentError(file: r.file, line: r.line, keyPath: r.keyPath, "image file \"\(full)\": \(problem)") }
        }
        if let stop { throw stop }
    }

    private func validateSpans(_ spec: GridSpec) throws(DocumentError) {
        guard case .table(let t) = spec.content else { return }
        for (i, s) in spec.spans.enumerated() {
            if s.row + s.rows > t.rows.count || s.column + s.columns > t.columnCount {
                throw DocumentError(file: file, line: sourceLines["spans"], keyPath: "spans[\(i)]",
                                    "the span (row \(s.row), column \(s.column), \(s.rows)×\(s.columns)) goes outside the table (\(t.rows.count) rows, \(t.columnCount) columns)")
            }
        }
    }
}
