/// `format: {"date": {"input"?: pattern, "output": pattern}}`: dates read and written with
/// Unicode TR35 pattern letters, in English, with no time zone and no locale involved, so the
/// same text gives the same image on every machine.
///
/// Letters: `yyyy` (2024), `yy` (24), `y`; `MMMM` (January), `MMM` (Jan), `MM` (01), `M` (1);
/// `dd`, `d`; `EEEE` (Monday), `EEE` (Mon); `HH`, `H`; `mm`, `m`; `ss`, `s`. Other ASCII letters
/// are refused (TR35 reserves them all); `'…'` quotes literal text and `''` is a quote.
/// Without `input`, values are ISO 8601: `2024-03-05`, `2024-03-05T14:30`, `2024-03-05 14:30:15`,
/// with optional fractional seconds and a zone (`Z`, `+01:00`) that is accepted and ignored: the
/// date is shown as written, not converted.
public struct DateFormatSpec: Sendable, Hashable {
    /// How values are written in the data; nil = ISO 8601.
    public var input: String?
    /// How they are shown.
    public var output: String
    public init(input: String? = nil, output: String) { self.input = input; self.output = output }

    /// The value shown for `text`, or nil when the text is not a date the input pattern reads.
    package func format(_ text: String) -> String? {
        let date: CalendarDate?
        if let input, let pattern = try? DatePattern(input) { date = pattern.parse(text) } else { date = CalendarDate(iso8601: text) }
        guard let date, let output = try? DatePattern(output) else { return nil }
        return output.format(date)
    }
}

/// A date and time of day, no zone.
package struct CalendarDate: Sendable, Hashable {
    package var year: Int, month: Int, day: Int
    package var hour = 0, minute = 0, second = 0
    package init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDate.days(inMonth: month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        self.year = year; self.month = month; self.day = day; self.hour = hour; self.minute = minute; self.second = second
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
    static func days(inMonth m: Int, year: Int) -> Int {
        switch m { case 2: return isLeap(year) ? 29 : 28; case 4, 6, 9, 11: return 30; default: return 31 }
    }

    /// 0 = Sunday … 6 = Saturday (proleptic Gregorian calendar).
    package var weekday: Int {
        // Days since 1970-01-01 (a Thursday), after Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return ((days % 7) + 7 + 4) % 7
    }

    /// ISO 8601 calendar date with an optional time: `yyyy-MM-dd[(T| )HH:mm[:ss[.fff]]][Z|±HH[:]mm]`.
    package init?(iso8601 text: String) {
        let b = Array(text.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in i..<i + n { guard b[k] >= 48 && b[k] <= 57 else { return nil }; v = v * 10 + Int(b[k] - 48) }
            i += n
            return v
        }
        func take(_ c: UInt8) -> Bool { if i < b.count && b[i] == c { i += 1; return true }; return false }
        guard let y = digits(4), take(45), let mo = digits(2), take(45), let d = digits(2) else { return nil }
        var h = 0, mi = 0, s = 0
        if take(84) || take(32) {
            guard let hh = digits(2), take(58), let mm = digits(2) else { return nil }
            h = hh; mi = mm
            if take(58) {
                guard let ss = digits(2) else { return nil }
                s = ss
                if take(46) || take(44) {
                    let start = i
                    while i < b.count, b[i] >= 48 && b[i] <= 57 { i += 1 }
                    guard i > start else { return nil }
                }
            }
            if take(90) {
            } else if take(43) || take(45) {
                guard digits(2) != nil else { return nil }
                _ = take(58)
                guard digits(2) != nil else { return nil }
            }
        }
        guard i == b.count else { return nil }
        self.init(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }
}

/// A parsed TR35 pattern.
package struct DatePattern: Sendable, Hashable {
    enum Token: Sendable, Hashable {
        case literal(String)
        case field(Character, Int)
    }
    let tokens: [Token]

    static let letters: Set<Character> = ["y", "M", "d", "E", "H", "m", "s"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Refuses unknown letters, unsupported widths and an unclosed quote (the message says which).
    package init(_ text: String) throws(DocumentError) {
        var tokens: [Token] = []
        var literal = ""
        let chars = Array(text)
        var i = 0
        func flush() { if !literal.isEmpty { tokens.append(.literal(literal)); literal = "" } }
        while i < chars.count {
            let c = chars[i]
            if c == "'" {
                if i + 1 < chars.count, chars[i + 1] == "'" { literal.append("'"); i += 2; continue }
                guard let close = chars[(i + 1)...].firstIndex(of: "'") else { throw DocumentError("unclosed quote in the date pattern \"\(text)\"") }
                literal += String(chars[(i + 1)..<close])
                i = close + 1
                continue
            }
            if c.isASCII, c.isLetter {
                var n = 1
                while i + n < chars.count, chars[i + n] == c { n += 1 }
                guard Self.letters.contains(c) else {
                    throw DocumentError("unsupported pattern letter `\(c)` in \"\(text)\"; use yyyy, yy, MMMM, MMM, MM, M, dd, d, EEEE, EEE, HH, H, mm, m, ss, s, and quote literal letters ('T')")
                }
                let valid: Bool = switch c {
                case "y": n == 1 || n == 2 || n == 4
                case "M", "E": n <= 4
                default: n <= 2
                }
                guard valid else { throw DocumentError("unsupported width `\(String(repeating: c, count: n))` in the date pattern \"\(text)\"") }
                flush()
                tokens.append(.field(c, n))
                i += n
                continue
            }
            literal.append(c)
            i += 1
        }
        flush()
        self.tokens = tokens
    }

    /// Whether the pattern shows a date (has a year, month or day field): an input pattern must.
    var hasDateFields: Bool { tokens.contains { if case .field(let c, _) = $0 { return c == "y" || c == "M" || c == "d" }; return false } }

    package func format(_ d: CalendarDate) -> String {
        var out = ""
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v.magnitude)
            return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, n - s.count)) + s
        }
        for t in tokens {
            switch t {
            case .literal(let s): out += s
            case .field(let c, let n):
                switch c {
                case "y": out += n == 2 ? pad(((d.year % 100) + 100) % 100, 2) : pad(d.year, n)
                case "M": out += n >= 4 ? Self.months[d.month - 1] : n == 3 ? String(Self.months[d.month - 1].prefix(3)) : pad(d.month, n)
                case "d": out += pad(d.day, n)
                case "E": out += n >= 4 ? Self.weekdays[d.weekday] : String(Self.weekdays[d.weekday].prefix(3))
                case "H": out += pad(d.hour, n)
                case "m": out += pad(d.minute, n)
                default: out += pad(d.second, n)
                }
            }
        }
        return out
    }

    /// Reads `text` with this pattern; nil when it does not match or is not a real date.
    package func parse(_ text: String) -> CalendarDate? {
        let chars = Array(text)
        var i = 0
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0
        func number(min: Int, max: Int) -> Int? {
            var v = 0, n = 0
            while n < max, i < chars.count, let digit = chars[i].wholeNumberValue, chars[i].isASCII { v = v * 10 + digit; n += 1; i += 1 }
            return n >= min ? v : nil
        }
        func name(_ names: [String], abbreviated: Bool) -> Int? {
            for (k, full) in names.enumerated() {
                let word = abbreviated ? String(full.prefix(3)) : full
                let end = i + word.count
                if end <= chars.count, String(chars[i..<end]).lowercased() == word.lowercased() { i = end; return k }
            }
            return nil
        }
        for t in tokens {
            switch t {
            case .literal(let s):
                for c in s { guard i < chars.count, chars[i] == c else { return nil }; i += 1 }
            case .field(let c, let n):
                switch c {
                case "y":
                    if n == 2 { guard let v = number(min: 2, max: 2) else { return nil }; year = 2000 + v }
                    else { guard let v = number(min: n == 4 ? 4 : 1, max: n == 4 ? 4 : 9) else { return nil }; year = v }
                case "M":
                    if n >= 3 { guard let k = name(Self.months, abbreviated: n == 3) else { return nil }; month = k + 1 }
                    else { guard let v = number(min: n, max: 2) else { return nil }; month = v }
                case "E": guard name(Self.weekdays, abbreviated: n < 4) != nil else { return nil }
                case "d": guard let v = number(min: n, max: 2) else { return nil }; day = v
                case "H": guard let v = number(min: n, max: 2) else { return nil }; hour = v
                case "m": guard let v = number(min: n, max: 2) else { return nil }; minute = v
                default: guard let v = number(min: n, max: 2) else { return nil }; second = v
                }
            }
        }
        guard i == chars.count else { return nil }
        return CalendarDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
