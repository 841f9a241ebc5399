/// The JSON Schema (draft 2020-12) of a gridrender document, for `gridrender schema` and for
/// editors that validate and complete documents as they are typed. Kept beside the decoder: a
/// test checks that its top-level properties are exactly the keys the decoder accepts.
extension Document {
    public static let jsonSchema: String = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://gridrender.dev/schema/document.json",
      "title": "gridrender document",
      "description": "A grid or table for gridrender (see docs/FORMAT.md). Table mode: columns + data/sections of rows. Item mode: items (+ sections of items) flowed into tracks. Theme files validate against #/$defs/theme.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "$schema": {"type": "string", "description": "Ignored: lets editors find this schema."},
        "canvas": {"description": "Size, scale, background and padding of the whole image; absent width/height = fit content.",
          "type": "object", "additionalProperties": false,
          "properties": {
            "width": {"$ref": "#/$defs/length"}, "height": {"$ref": "#/$defs/length"},
            "scale": {"type": "number", "exclusiveMinimum": 0, "maximum": 16, "default": 1, "description": "PNG pixels per point."},
            "background": {"$ref": "#/$defs/color"},
            "padding": {"$ref": "#/$defs/insets"},
            "page": {"description": "Paginate (PDF, and PNG/SVG as page files): a size name, or an object with the size (size or width and height, orientation) and how the table runs across pages.",
              "oneOf": [
              {"enum": ["a4", "letter"]},
              {"type": "object", "additionalProperties": false,
               "oneOf": [{"required": ["size"], "not": {"anyOf": [{"required": ["width"]}, {"required": ["height"]}]}},
                         {"required": ["width", "height"], "not": {"required": ["size"]}}],
               "properties": {
                 "size": {"enum": ["a4", "letter"]},
                 "width": {"$ref": "#/$defs/length"}, "height": {"$ref": "#/$defs/length"},
                 "orientation": {"enum": ["portrait", "landscape"], "description": "Long side down (portrait) or across (landscape)."},
                 "continued": {"type": ["boolean", "string"], "minLength": 1, "description": "Pages after the first repeat the title followed by this line; true = \"(continued)\"."},
                 "continues": {"type": ["boolean", "string"], "minLength": 1, "description": "A note under the rows of every page but the last; true = \"continued on next page\"."},
                 "split": {"enum": ["columns"], "description": "Columns that do not fit the page width go to further pages, the stub (or first column) and the header repeated on each."},
                 "order": {"enum": ["down", "across"], "default": "down", "description": "Page order of a split table: all rows of the first columns first (down), or every column group of the first rows first (across)."}}}
            ]}
          }
        },
        "title": {"type": "string", "description": "Text block above the grid."},
        "subtitle": {"type": "string", "description": "Text block below the title."},
        "alt": {"type": "string", "description": "The table's text alternative, for readers who cannot see it; default: generated from the title, the columns and the numbers' ranges."},
        "lang": {"type": "string", "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$", "description": "The language of the table's text, a BCP 47 tag such as en, de-CH or zh-Hant (tagged PDF's /Lang); default: en."},
        "footnote": {"type": "string", "description": "Text block below the grid."},
        "columns": {"type": "array", "description": "Table mode: the columns, in order; absent = inferred from the data.", "items": {
          "type": "object", "additionalProperties": false, "required": ["key"],
          "properties": {
            "key": {"type": "string"}, "title": {"type": "string"},
            "width": {"$ref": "#/$defs/trackSize"},
            "align": {"$ref": "#/$defs/align"},
            "format": {"$ref": "#/$defs/format"},
            "style": {"$ref": "#/$defs/style"},
            "headerStyle": {"$ref": "#/$defs/style", "description": "This column's title cell, over styles.header."},
            "colorScale": {"type": "object", "additionalProperties": false, "required": ["palette"], "description": "Cells coloured by value.",
              "properties": {
                "palette": {"oneOf": [{"enum": ["viridis", "blues", "reds", "greens", "diverging"]},
                                      {"type": "array", "minItems": 2, "items": {"$ref": "#/$defs/color"}}]},
                "domain": {"$ref": "#/$defs/domain"},
                "target": {"enum": ["background", "text"], "default": "background"}}},
            "bar": {"type": "object", "additionalProperties": false, "required": ["color"], "description": "A bar from the zero line under the text.",
              "properties": {"color": {"$ref": "#/$defs/color"}, "negativeColor": {"$ref": "#/$defs/color"}, "domain": {"$ref": "#/$defs/domain"}}},
            "rules": {"type": "array", "description": "Styles for cells a condition holds for, applied in order after the column style.",
              "items": {"type": "object", "additionalProperties": false, "required": ["when", "style"], "properties": {
                "when": {"type": "object", "additionalProperties": false, "minProperties": 1, "properties": {
                  "lt": {"$ref": "#/$defs/operand"}, "le": {"$ref": "#/$defs/operand"}, "gt": {"$ref": "#/$defs/operand"},
                  "ge": {"$ref": "#/$defs/operand"}, "eq": {"$ref": "#/$defs/operand"}, "ne": {"$ref": "#/$defs/operand"},
                  "empty": {"type": "boolean"}}},
                "style": {"$ref": "#/$defs/style"}}}}
          }}},
        "header": {"description": "Header rows: true (1, the default), false (0) or {rows: n}.", "oneOf": [{"type": "boolean"}, {"type": "object", "additionalProperties": false,
                   "properties": {"rows": {"type": "integer", "minimum": 0}}}]},
        "data": {"description": "Table rows: exactly one of rows, records, csv, tsv, json (paths relative to the document); csv and tsv also take na and delimiter.",
          "type": "object", "additionalProperties": false,
          "oneOf": [{"required": ["rows"]}, {"required": ["records"]}, {"required": ["csv"]}, {"required": ["tsv"]}, {"required": ["json"]}],
          "dependentSchemas": {"na": {"anyOf": [{"required": ["csv"]}, {"required": ["tsv"]}]},
                               "delimiter": {"anyOf": [{"required": ["csv"]}, {"required": ["tsv"]}]}},
          "properties": {
            "rows": {"$ref": "#/$defs/rows"},
            "records": {"$ref": "#/$defs/records"},
            "csv": {"type": "string"}, "tsv": {"type": "string"}, "json": {"type": "string"},
            "na": {"description": "Missing-value tokens of CSV/TSV cells; replaces the default list (empty, NA, N/A, NaN, nan, null, NULL, #N/A, None).",
                   "type": "array", "items": {"type": "string"}},
            "delimiter": {"description": "The CSV field delimiter: one character, \\t or tab (default: sniffed among , ; tab |).",
                          "type": "string", "minLength": 1, "maxLength": 3}}},
        "sections": {"type": "array", "items": {
          "type": "object", "additionalProperties": false,
          "properties": {"title": {"type": "string"}, "rows": {"$ref": "#/$defs/rows"},
                         "items": {"$ref": "#/$defs/items"}, "collapsed": {"type": "boolean"}}}},
        "items": {"$ref": "#/$defs/items", "description": "Item mode: a count of placeholder cells or a list of cells."},
        "flow": {"enum": ["rows", "columns"], "default": "rows"},
        "maxColumns": {"type": "integer", "minimum": 1},
        "maxRows": {"type": "integer", "minimum": 1},
        "itemHeight": {"oneOf": [{"$ref": "#/$defs/length"},
          {"type": "object", "additionalProperties": false, "minProperties": 1, "maxProperties": 1, "properties": {
            "lineSize": {"$ref": "#/$defs/length"}, "multiplier": {"$ref": "#/$defs/length"}, "extension": {"type": "number"}}}]},
        "sectionsStartOnNewLine": {"type": "boolean", "default": true},
        "columnWidths": {"type": "array", "items": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/trackSize"}]}},
        "defaultColumnWidth": {"$ref": "#/$defs/trackSize"},
        "rowHeights": {"type": "array", "items": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/trackSize"}]}},
        "defaultRowHeight": {"$ref": "#/$defs/trackSize"},
        "minimumRowHeight": {"$ref": "#/$defs/length"},
        "minimumColumnWidth": {"$ref": "#/$defs/length"},
        "columnSpacing": {"$ref": "#/$defs/spacing"},
        "rowSpacing": {"$ref": "#/$defs/spacing"},
        "columnSpacings": {"type": "array", "items": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/spacing"}]}},
        "rowSpacings": {"type": "array", "items": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/spacing"}]}},
        "margins": {"anyOf": [{"$ref": "#/$defs/spacing"}, {"type": "object", "additionalProperties": false, "properties": {
          "top": {"$ref": "#/$defs/spacing"}, "right": {"$ref": "#/$defs/spacing"},
          "bottom": {"$ref": "#/$defs/spacing"}, "left": {"$ref": "#/$defs/spacing"}}}]},
        "uniformColumnWidths": {"type": "boolean", "default": false},
        "uniformRowHeights": {"type": "boolean", "default": false},
        "distribution": {"$ref": "#/$defs/distribution"},
        "cellAlignment": {"$ref": "#/$defs/cellAlignment"},
        "minimumPolicy": {"enum": ["overflow", "reflow"], "default": "overflow"},
        "snapping": {"enum": ["distribute", "nearest", "none"], "default": "distribute"},
        "frozen": {"type": "object", "additionalProperties": false, "properties": {
          "rows": {"type": "integer", "minimum": 0}, "columns": {"type": "integer", "minimum": 0}}},
        "viewport": {"type": "object", "additionalProperties": false, "required": ["width", "height"], "properties": {
          "x": {"$ref": "#/$defs/length"}, "y": {"$ref": "#/$defs/length"},
          "width": {"$ref": "#/$defs/length"}, "height": {"$ref": "#/$defs/length"}}},
        "spans": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["row", "column"],
          "properties": {"row": {"type": "integer", "minimum": 0}, "column": {"type": "integer", "minimum": 0},
                         "rows": {"type": "integer", "minimum": 1}, "columns": {"type": "integer", "minimum": 1}}}},
        "selection": {"type": "object", "additionalProperties": false, "properties": {
          "rows": {"type": "array", "items": {"type": "integer", "minimum": 0}},
          "items": {"type": "array", "items": {"type": "integer", "minimum": 0}}}},
        "theme": {"description": "A preset name (plain, striped, dark, minimal, ledger), a theme file path, or an inline theme.",
                  "oneOf": [{"type": "string"}, {"$ref": "#/$defs/theme"}]},
        "styles": {"$ref": "#/$defs/styleSheet"},
        "gridLines": {"$ref": "#/$defs/gridLines"},
        "blending": {"type": "boolean", "default": true},
        "fonts": {"enum": ["pinned", "system"], "default": "pinned"},
        "appearance": {"enum": ["light", "dark"], "description": "The page the picture is made for: a preset theme becomes its counterpart (striped/dark, plain/plain-dark, minimal/minimal-dark, ledger/ledger-dark)."},
        "emptySlots": {"enum": ["hidden", "placeholder"], "default": "hidden", "description": "Item mode: what slots without an item show."},
        "linkSchemes": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9+.-]*$"}, "description": "Link schemes written besides http, https and mailto (relative and #fragment links are always written); links with any other scheme are dropped with a warning."},
        "itemSize": {"type": "object", "additionalProperties": false, "minProperties": 1, "description": "Item mode: the items' size inside their slots, placed by cellAlignment (fill centres).",
          "properties": {"width": {"$ref": "#/$defs/length"}, "height": {"$ref": "#/$defs/length"}}},
        "itemWidth": {"description": "Item mode, horizontal direction (flow columns with a canvas height, or without a canvas width): column widths from the average row height; lineSize 0 = square.",
          "oneOf": [{"$ref": "#/$defs/length"},
          {"type": "object", "additionalProperties": false, "minProperties": 1, "maxProperties": 1, "properties": {
            "lineSize": {"$ref": "#/$defs/length"}, "multiplier": {"$ref": "#/$defs/length"}, "extension": {"type": "number"}}}]},
        "stub": {"type": "string", "description": "The key of the column of row labels (shown first, styles.stub, a rule after it)."},
        "headerHeight": {"$ref": "#/$defs/length", "description": "The height of every header row."},
        "spanners": {"type": "array", "description": "Labels centred over contiguous columns or over other spanners, above the column titles.",
          "items": {"type": "object", "additionalProperties": false, "required": ["label"], "properties": {
            "label": {"type": "string"}, "id": {"type": "string"},
            "columns": {"type": "array", "items": {"type": "string"}},
            "spanners": {"type": "array", "items": {"type": "string"}},
            "style": {"$ref": "#/$defs/style"}}}},
        "summary": {"type": "array", "description": "Summary rows computed from the numeric data rows.",
          "items": {"type": "object", "additionalProperties": false, "required": ["label", "values"], "properties": {
            "label": {"type": "string"},
            "values": {"type": "object", "additionalProperties": {"enum": ["sum", "mean", "median", "min", "max", "count"]}},
            "sections": {"type": "boolean", "default": false}}}},
        "footnotes": {"type": "array", "description": "Notes listed under the table, marked where they apply.",
          "items": {"type": "object", "additionalProperties": false, "required": ["text"], "properties": {
            "text": {"type": "string"},
            "columns": {"type": "array", "items": {"type": "string"}},
            "cells": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["row", "column"],
              "properties": {"row": {"type": "integer", "minimum": 0}, "column": {"type": "string"}}}},
            "spanners": {"type": "array", "items": {"type": "string"}},
            "title": {"type": "boolean"}}}},
        "footnoteMarks": {"enum": ["numbers", "letters", "symbols"], "default": "numbers"}
      },
      "not": {"required": ["maxColumns", "maxRows"]},
      "dependentSchemas": {
        "items": {"not": {"anyOf": [{"required": ["columns"]}, {"required": ["data"]}, {"required": ["header"]}]}},
        "emptySlots": {"anyOf": [{"required": ["items"]}, {"required": ["sections"]}]},
        "itemSize": {"anyOf": [{"required": ["items"]}, {"required": ["sections"]}]},
        "itemWidth": {"anyOf": [{"required": ["items"]}, {"required": ["sections"]}]}
      },
      "$defs": {
        "length": {"type": "number", "minimum": 0},
        "domain": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2, "description": "[min, max], min < max"},
        "operand": {"type": ["number", "string"]},
        "format": {"type": "object", "additionalProperties": false, "not": {"required": ["number", "date"]}, "properties": {
          "number": {"type": "object", "additionalProperties": false, "properties": {
            "decimals": {"type": "integer", "minimum": 0, "maximum": 15}, "grouping": {"type": "boolean"},
            "percent": {"type": "boolean"}, "prefix": {"type": "string"}, "suffix": {"type": "string"},
            "notation": {"enum": ["standard", "scientific", "compact"], "default": "standard"},
            "negative": {"enum": ["minus", "parentheses"], "default": "minus"},
            "scale": {"type": "number", "not": {"const": 0}, "default": 1},
            "decimalSeparator": {"type": "string", "minLength": 1, "maxLength": 4, "default": "."},
            "groupSeparator": {"type": "string", "maxLength": 4, "default": ","}}},
          "date": {"type": "object", "additionalProperties": false, "required": ["output"], "properties": {
            "input": {"type": "string", "description": "TR35 pattern; default ISO 8601"},
            "output": {"type": "string", "description": "TR35 pattern: yyyy MM MMM MMMM dd d EEE EEEE HH mm ss"}}},
          "missing": {"type": "string", "description": "Shown for empty and null cells."}}},
        "color": {"type": "string", "description": "#rgb, #rrggbb, #rrggbbaa, rgb(…), rgba(…), a CSS colour name or transparent"},
        "align": {"enum": ["left", "center", "right", "decimal"]},
        "insets": {"oneOf": [{"$ref": "#/$defs/length"}, {"type": "object", "additionalProperties": false, "properties": {
          "top": {"$ref": "#/$defs/length"}, "right": {"$ref": "#/$defs/length"},
          "bottom": {"$ref": "#/$defs/length"}, "left": {"$ref": "#/$defs/length"}}}]},
        "trackSize": {"oneOf": [
          {"$ref": "#/$defs/length"},
          {"const": "auto"},
          {"type": "object", "additionalProperties": false, "properties": {
            "fixed": {"$ref": "#/$defs/length"}, "fill": {"type": "number", "exclusiveMinimum": 0},
            "auto": {"const": true}, "fraction": {"type": "number", "minimum": 0, "maximum": 1},
            "adaptive": {"const": true}, "min": {"$ref": "#/$defs/length"}, "max": {"$ref": "#/$defs/length"}},
           "oneOf": [{"required": ["fixed"]}, {"required": ["fill"]}, {"required": ["auto"]},
                     {"required": ["fraction"]}, {"required": ["adaptive", "min"]}]}
        ]},
        "spacing": {"oneOf": [{"$ref": "#/$defs/length"}, {"type": "object", "additionalProperties": false, "properties": {
          "size": {"$ref": "#/$defs/length"}, "stretch": {"$ref": "#/$defs/length"}}}]},
        "distribution": {"oneOf": [{"$ref": "#/$defs/distributionValue"}, {"type": "object", "additionalProperties": false,
          "properties": {"horizontal": {"$ref": "#/$defs/distributionValue"}, "vertical": {"$ref": "#/$defs/distributionValue"}}}]},
        "distributionValue": {"enum": ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "stretch"]},
        "cellAlignment": {"oneOf": [{"$ref": "#/$defs/cellAlignmentValue"}, {"type": "object", "additionalProperties": false,
          "properties": {"horizontal": {"$ref": "#/$defs/cellAlignmentValue"}, "vertical": {"$ref": "#/$defs/cellAlignmentValue"}}}]},
        "cellAlignmentValue": {"enum": ["fill", "start", "center", "end"]},
        "cell": {"oneOf": [
          {"type": ["string", "number", "boolean", "null"]},
          {"type": "object", "additionalProperties": false, "properties": {
            "text": {"type": ["string", "null"]}, "number": {"type": "number"},
            "image": {"type": "string"}, "fit": {"enum": ["contain", "cover", "fill"]},
            "color": {"$ref": "#/$defs/color"}, "style": {"$ref": "#/$defs/style"},
            "format": {"$ref": "#/$defs/format"},
            "link": {"type": "string", "minLength": 1, "description": "a URL: the cell's text links to it in PDF and SVG (http, https, mailto, relative or #fragment unless linkSchemes allows more)"}}}
        ]},
        "rows": {"type": "array", "items": {"type": "array", "items": {"$ref": "#/$defs/cell"}}},
        "records": {"type": "array", "items": {"type": "object", "additionalProperties": {"$ref": "#/$defs/cell"}}},
        "items": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "array", "items": {"$ref": "#/$defs/cell"}}]},
        "lineStyle": {"type": "object", "additionalProperties": false, "properties": {
          "width": {"$ref": "#/$defs/length"}, "color": {"$ref": "#/$defs/color"},
          "dash": {"type": "array", "items": {"$ref": "#/$defs/length"}}}},
        "font": {"oneOf": [{"type": "string", "description": "a Pango description such as \"DejaVu Sans Bold 9\""},
          {"type": "object", "additionalProperties": false, "properties": {
            "family": {"type": "string"}, "size": {"type": "number", "exclusiveMinimum": 0},
            "weight": {"$ref": "#/$defs/weight"}, "italic": {"type": "boolean"}}}]},
        "weight": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 1000},
          {"enum": ["thin", "hairline", "ultralight", "extralight", "light", "semilight", "demilight", "book", "normal",
                    "regular", "medium", "semibold", "demibold", "bold", "ultrabold", "extrabold", "heavy", "black",
                    "ultraheavy", "extrablack"]}]},
        "style": {"type": "object", "additionalProperties": false, "properties": {
          "background": {"$ref": "#/$defs/color"}, "color": {"$ref": "#/$defs/color"},
          "font": {"$ref": "#/$defs/font"}, "family": {"type": "string"},
          "size": {"type": "number", "exclusiveMinimum": 0}, "weight": {"$ref": "#/$defs/weight"},
          "italic": {"type": "boolean"}, "padding": {"$ref": "#/$defs/insets"},
          "align": {"$ref": "#/$defs/align"}, "verticalAlign": {"enum": ["top", "middle", "bottom"]},
          "wrap": {"type": "boolean"}, "maxLines": {"type": "integer", "minimum": 0},
          "ellipsize": {"enum": ["end", "middle", "start", "none"]},
          "borders": {"type": "object", "additionalProperties": false, "properties": {
            "top": {"$ref": "#/$defs/lineStyle"}, "right": {"$ref": "#/$defs/lineStyle"},
            "bottom": {"$ref": "#/$defs/lineStyle"}, "left": {"$ref": "#/$defs/lineStyle"}}},
          "opacity": {"type": "number", "minimum": 0, "maximum": 1},
          "shadow": {"type": "object", "additionalProperties": false, "required": ["radius"], "properties": {
            "radius": {"type": "number", "minimum": 0, "maximum": 16, "description": "Blur radius in points (σ = radius / 2)."}, "color": {"$ref": "#/$defs/color"}}},
          "markup": {"enum": ["none", "markdown"], "description": "inline Markdown in text: none (as written) or markdown; default markdown for .md tables, none elsewhere"},
          "linkColor": {"$ref": "#/$defs/color"}}},
        "styleSheet": {"type": "object", "additionalProperties": false, "properties": {
          "cell": {"$ref": "#/$defs/style"}, "row": {"$ref": "#/$defs/style"}, "alternateRow": {"$ref": "#/$defs/style"},
          "header": {"$ref": "#/$defs/style"}, "sectionHeader": {"$ref": "#/$defs/style"},
          "selectedRow": {"$ref": "#/$defs/style"},
          "columns": {"type": "object", "additionalProperties": {"$ref": "#/$defs/style"}},
          "title": {"$ref": "#/$defs/style"}, "subtitle": {"$ref": "#/$defs/style"}, "footnote": {"$ref": "#/$defs/style"},
          "stub": {"$ref": "#/$defs/style"}, "summary": {"$ref": "#/$defs/style"}}},
        "gridLines": {"type": "object", "additionalProperties": false, "properties": {
          "horizontal": {"$ref": "#/$defs/gridLine"}, "vertical": {"$ref": "#/$defs/gridLine"},
          "outer": {"$ref": "#/$defs/gridLine"}, "header": {"$ref": "#/$defs/gridLine"},
          "onTop": {"enum": ["horizontal", "vertical"]}}},
        "gridLine": {"oneOf": [{"$ref": "#/$defs/lineStyle"}, {"const": false}, {"type": "null"}]},
        "theme": {"type": "object", "additionalProperties": false, "properties": {
          "$schema": {"type": "string"}, "name": {"type": "string"}, "extends": {"type": "string"},
          "styles": {"$ref": "#/$defs/styleSheet"}, "gridLines": {"$ref": "#/$defs/gridLines"},
          "background": {"$ref": "#/$defs/color"},
          "canvas": {"type": "object", "additionalProperties": false, "properties": {"background": {"$ref": "#/$defs/color"}}}}}
      }
    }
    """#
}
