/// An RFC 4180 CSV (and TSV) parser working directly on bytes.
///
/// Written by hand instead of using a package because the target may not add dependencies and
/// because a byte-level state machine is both small and fast enough for 100,000-row files:
/// the input is validated as UTF-8 once, then every field becomes a `String` straight from a
/// slice of the input buffer (only quoted fields containing `""` are copied first).
///
/// Rules:
/// - The first record is the header; every later record must have the same number of fields.
/// - Fields may be quoted with `"`; inside quotes the delimiter, line breaks and `""` (one
///   literal quote) are allowed. A quote inside an unquoted field is an error, and so is text
///   after a closing quote, because both usually mean a broken export rather than intent.
/// - LF, CR LF and a lone CR all end a record; line breaks inside quoted fields are kept as
///   written (RFC 4180: the field is what stands between the quotes; csv-spectrum expects
///   `"a\r\nb"` back), and Pango breaks the line at each of them alike.
/// - A UTF-8 byte order mark at the start is skipped.
/// - Empty lines (no bytes at all between two line breaks) are skipped anywhere, which covers
///   the trailing blank lines editors add; a one-column file writes an empty value as `""`.
/// - Line numbers in errors and in `rowLines` are physical 1-based lines, counting line breaks
///   inside quoted fields, so they match what an editor shows.
package enum CSVParser {
    /// Parses `bytes` (the whole file). `file` is the name used in errors.
    ///
    /// `budget` bounds the columns, cells and text per cell, checked field by field before a
    /// field is stored; `maxRows` stops after that many data rows (what `--limit` needs).
    public static func parse(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), file: String,
                             budget: InputBudget = .standard, maxRows: Int? = nil) throws(DocumentError) -> CSVTable {
        guard delimiter < 0x80, delimiter != quote, delimiter != lf, delimiter != cr else {
            throw DocumentError(file: file, "invalid CSV delimiter byte \(delimiter): it must be an ASCII character other than a quote or a line break")
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) -> CSVTable in
            var scanner = Scanner(bytes: buffer, delimiter: delimiter, file: file, budget: budget)
            scanner.maxRows = maxRows ?? Int.max
            return try scanner.run()
        }
    }

    /// Reads and parses a file. `path` `-` reads standard input. `displayName` (default: `path`)
    /// is the name used in errors, so the CLI can report the path as the user typed it.
    public static func parse(contentsOf path: String, delimiter: UInt8 = UInt8(ascii: ","),
                             displayName: String? = nil,
                             maxBytes: Int = Document.defaultMaxInputBytes,
                             budget: InputBudget = .standard, maxRows: Int? = nil) throws(DocumentError) -> CSVTable {
        let name = displayName ?? path
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: maxBytes)
        } catch {
            throw DocumentError(file: name, "cannot read file: \(error.reason)")
        }
        return try parse(bytes, delimiter: delimiter, file: name, budget: budget, maxRows: maxRows)
    }

    /// The delimiter a file name implies: tab for `.tsv` and `.tab`, else comma.
    public static func delimiter(forPath path: String) -> UInt8 {
        let lower = path.lowercased()
        return lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") ? UInt8(ascii: "\t") : UInt8(ascii: ",")
    }

    static let quote = UInt8(ascii: "\"")
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
}

extension CSVParser {
    /// The state machine. A struct over an unsafe buffer so the hot loops compile to plain
    /// pointer reads without bounds checks or reference counting.
    fileprivate struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let delimiter: UInt8
        let file: String
        var i = 0
        var line = 1
        /// Reused buffer for quoted fields that need unescaping.
        var scratch: [UInt8] = []
        let budget: InputBudget
        var maxRows = Int.max

        init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, file: String, budget: InputBudget) {
            self.bytes = bytes; self.delimiter = delimiter; self.file = file; self.budget = budget
        }

        func error(_ line: Int, _ message: String) -> DocumentError {
            DocumentError(file: file, line: line, message)
        }

        mutating func run() throws(DocumentError) -> CSVTable {
            let n = bytes.count
            if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
            if let bad = UTF8Validation.firstInvalidOffset(bytes, from: i) {
                let line = UTF8Validation.line(of: bad, in: bytes)
                throw error(line, "invalid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))")
            }

            var header: [String]? = nil
            var rows: [[String]] = []
            var rowLines: [Int] = []
            if n > 0 {
                // A cheap estimate (bytes per line in a typical file) avoids most regrowth.
                rows.reserveCapacity(min(n / 32 + 1, 1 << 20))
                rowLines.reserveCapacity(min(n / 32 + 1, 1 << 20))
            }

            while i < n, rows.count < maxRows {
                let b = bytes[i]
                if b == CSVParser.lf || b == CSVParser.cr {   // empty line: not a record
                    skipLineBreak()
                    continue
                }
                let recordLine = line
                let record = try readRecord(expected: header?.count ?? 8)
                if let header {
                    guard record.count == header.count else {
                        throw error(recordLine, "expected \(header.count) fields, found \(record.count)")
                    }
                    // Cells counted before the row is kept (the header row counts too).
                    if (rows.count + 2) > budget.cells / max(1, header.count) {
                        throw error(recordLine, budget.tooManyCells(rows: rows.count + 2, columns: header.count))
                    }
                    rows.append(record)
                    rowLines.append(recordLine)
                } else {
                    header = record
                }
            }
            guard let header else {
                throw error(1, "empty file: expected a header row")
            }
            return CSVTable(header: header, rows: rows, rowLines: rowLines)
        }

        /// Consumes LF, CR LF or CR at `i` and counts the line.
        mutating func skipLineBreak() {
            if bytes[i] == CSVParser.cr, i + 1 < bytes.count, bytes[i + 1] == CSVParser.lf { i += 2 } else { i += 1 }
            line += 1
        }

        /// Reads fields up to and including the record's line break (or the end of input).
        mutating func readRecord(expected: Int) throws(DocumentError) -> [String] {
            var fields: [String] = []
            fields.reserveCapacity(min(expected, budget.columns))
            let n = bytes.count
            let recordLine = line
            while true {
                // Refused at the first field past the budget: a line of a million commas never
                // becomes a million strings.
                if fields.count >= budget.columns { throw error(recordLine, budget.tooManyColumns(fields.count + 1)) }
                if i < n, bytes[i] == CSVParser.quote {
                    fields.append(try readQuoted())
                } else {
                    fields.append(try readUnquoted())
                }
                if i >= n { return fields }
                let b = bytes[i]
                if b == delimiter {
                    i += 1
                    continue
                }
                // readUnquoted/readQuoted stop only at the delimiter, a line break or the end.
                skipLineBreak()
                return fields
            }
        }

        mutating func readUnquoted() throws(DocumentError) -> String {
            let start = i
            let n = bytes.count
            let delimiter = self.delimiter
            // Most bytes (letters, digits, UTF-8) sort above every special byte: one compare.
            let highestSpecial = max(delimiter, CSVParser.quote, CSVParser.cr)
            while i < n {
                let b = bytes[i]
                if b > highestSpecial { i += 1; continue }
                if b == delimiter || b == CSVParser.lf || b == CSVParser.cr { break }
                if b == CSVParser.quote {
                    throw error(line, "quote inside an unquoted field; quote the whole field and double the quote (\"\")")
                }
                i += 1
            }
            if i - start > budget.cellTextBytes { throw error(line, budget.cellTooLong(i - start)) }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        }

        /// Reads a quoted field starting at its opening quote.
        mutating func readQuoted() throws(DocumentError) -> String {
            // Only `""` makes the field differ from its bytes; then it is copied into `scratch`.
            let openLine = line
            let n = bytes.count
            i += 1
            var segmentStart = i
            var copied = false          // whether `scratch` holds the field so far
            while true {
                guard i < n else {
                    throw error(openLine, "unterminated quoted field: the quote opened on this line is never closed")
                }
                let b = bytes[i]
                if b == CSVParser.quote {
                    if i + 1 < n, bytes[i + 1] == CSVParser.quote {      // "" = one literal quote
                        if !copied { scratch.removeAll(keepingCapacity: true); copied = true }
                        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart...i]))
                        i += 2
                        segmentStart = i
                        continue
                    }
                    break
                } else if b == CSVParser.lf {
                    line += 1
                    i += 1
                } else if b == CSVParser.cr {                            // CR LF or CR, kept as written
                    skipLineBreak()
                } else {
                    i += 1
                }
            }
            if i - segmentStart + (copied ? scratch.count : 0) > budget.cellTextBytes {
                throw error(openLine, budget.cellTooLong(i - segmentStart + (copied ? scratch.count : 0)))
            }
            let value: String
            if copied {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<i]))
                value = String(decoding: scratch, as: UTF8.self)
            } else {
                value = String(decoding: UnsafeBufferPointer(rebasing: bytes[segmentStart..<i]), as: UTF8.self)
            }
            i += 1                                                       // closing quote
            if i < n {
                let b = bytes[i]
                if b != delimiter && b != CSVParser.lf && b != CSVParser.cr {
                    throw error(line, "unexpected text after a closing quote; double a quote inside a quoted field (\"\")")
                }
            }
            return value
        }
    }
}
