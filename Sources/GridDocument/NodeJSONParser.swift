/// A byte-level RFC 8259 JSON parser producing `Node`s with exact line numbers.
///
/// Hand-written rather than Foundation's `JSONSerialization` because that loses key order and
/// line numbers, accepts duplicate keys silently, and reports errors in a form unfit for a
/// one-line message. Nesting is limited (`maxDepth`) so hostile input gives an error instead of
/// a stack overflow.
package struct NodeJSONParser {
    package static let maxDepth = 512

    /// Valid only during `parse`; a buffer pointer keeps the byte loops free of array overhead.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String?
    private var index = 0
    private var line = 1
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String?) { self.bytes = bytes; self.file = file }

    /// Parses one JSON value filling the whole input (a UTF-8 byte-order mark is skipped).
    package static func parse(_ bytes: [UInt8], file: String?) throws(DocumentError) -> Node {
        try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) -> Node in
            try parse(buffer: buffer, file: file)
        }
    }

    private static func parse(buffer bytes: UnsafeBufferPointer<UInt8>, file: String?) throws(DocumentError) -> Node {
        var parser = NodeJSONParser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw parser.error("the document is empty") }
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return node
    }

    private func error(_ message: String, line: Int? = nil) -> DocumentError {
        DocumentError(file: file, line: line ?? self.line, message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b >= 0x80 { return "non-ASCII byte 0x\(String(b, radix: 16, uppercase: true))" }
        return "control character 0x\(String(b, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(DocumentError) -> Node {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        let startLine = line
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return Node(.string(try parseString()), line: startLine)
        case UInt8(ascii: "t"): try expectLiteral("true"); return Node(.bool(true), line: startLine)
        case UInt8(ascii: "f"): try expectLiteral("false"); return Node(.bool(false), line: startLine)
        case UInt8(ascii: "n"): try expectLiteral("null"); return Node(.null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func expectLiteral(_ word: String) throws(DocumentError) {
        let literal = Array(word.utf8)
        let count = literal.count
        if index + count <= bytes.count && Array(bytes[index..<index + count]) == literal {
            index += count
            if index < bytes.count, isIdentifierByte(bytes[index]) {
                throw error("invalid literal; expected \(word)")
            }
            return
        }
        throw error("invalid literal; expected \(word)")
    }

    private func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    private mutating func enter() throws(DocumentError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(DocumentError) -> Node {
        let startLine = line
        try enter()
        index += 1  // {
        var members: [Node.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1; depth -= 1
            return Node(.object(members), line: startLine)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object (opened on line \(startLine))") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key in object, found \(describeCurrent())")
            }
            let keyLine = line
            let key = try parseString()
            if !seen.insert(key).inserted {
                throw error("duplicate key `\(key)`", line: keyLine)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after object key `\(key)`")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(Node.Member(key: key, line: keyLine, value: value))
            let memberEndLine = line
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object (opened on line \(startLine))") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            // Reported where the member ended: that is where the comma is missing.
            throw error("expected ',' or '}' after object member", line: memberEndLine)
        }
        depth -= 1
        return Node(.object(members), line: startLine)
    }

    private mutating func parseArray() throws(DocumentError) -> Node {
        let startLine = line
        try enter()
        index += 1  // [
        var elements: [Node] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1; depth -= 1
            return Node(.array(elements), line: startLine)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            let elementEndLine = line
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an array (opened on line \(startLine))") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' after array element", line: elementEndLine)
        }
        depth -= 1
        return Node(.array(elements), line: startLine)
    }

    private mutating func parseNumber() throws(DocumentError) -> Node {
        let start = index
        let startLine = line
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("invalid number: leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            throw error("invalid number")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // Double(_:) gives ±infinity for out-of-range exponents (1e999); the decoder rejects those.
        let value = Double(text) ?? .nan
        return Node(.number(value, text: text), line: startLine)
    }

    /// Parses a string starting at the opening quote; validates UTF-8 and escapes. Runs of plain
    /// bytes are copied as slices, so strings without escapes cost one copy.
    private mutating func parseString() throws(DocumentError) -> String {
        let startLine = line
        index += 1  // "
        var out: [UInt8] = []
        var segmentStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string (started on line \(startLine))", line: startLine) }
            let b = bytes[index]
            if b >= 0x20 && b < 0x80 && b != 0x22 && b != 0x5C { index += 1; continue }
            switch b {
            case UInt8(ascii: "\""):
                let result: String
                if out.isEmpty {
                    result = String(decoding: bytes[segmentStart..<index], as: UTF8.self)
                } else {
                    out.append(contentsOf: bytes[segmentStart..<index])
                    result = String(decoding: out, as: UTF8.self)
                }
                index += 1
                return result
            case UInt8(ascii: "\\"):
                out.append(contentsOf: bytes[segmentStart..<index])
                index += 1
                guard index < bytes.count else { throw error("unterminated string (started on line \(startLine))", line: startLine) }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if code >= 0xD800 && code < 0xDC00 {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("invalid \\u escape: unpaired high surrogate")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error("invalid \\u escape: unpaired high surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if code >= 0xDC00 && code < 0xE000 {
                        throw error("invalid \\u escape: unpaired low surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw error("invalid escape \\\(describeCurrent()) in string")
                }
                segmentStart = index
            case 0x00..<0x20:
                if b == 0x0A { throw error("unterminated string (line break inside a string)") }
                throw error("unescaped control character 0x\(String(b, radix: 16, uppercase: true)) in string")
            default:
                index += try validUTF8SequenceLength(at: index)
            }
        }
    }

    private mutating func parseHex4() throws(DocumentError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape: expected 4 hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("invalid \\u escape: expected 4 hex digits")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    /// Length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlongs, no surrogates).
    private func validUTF8SequenceLength(at i: Int) throws(DocumentError) -> Int {
        let b0 = bytes[i]
        let invalid = error("invalid UTF-8 (byte 0x\(String(b0, radix: 16, uppercase: true)))")
        func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < bytes.count && range.contains(bytes[i + k])
        }
        switch b0 {
        case 0xC2...0xDF: guard cont(1) else { throw invalid }; return 2
        case 0xE0: guard cont(1, 0xA0...0xBF), cont(2) else { throw invalid }; return 3
        case 0xE1...0xEC, 0xEE...0xEF: guard cont(1), cont(2) else { throw invalid }; return 3
        case 0xED: guard cont(1, 0x80...0x9F), cont(2) else { throw invalid }; return 3
        case 0xF0: guard cont(1, 0x90...0xBF), cont(2), cont(3) else { throw invalid }; return 4
        case 0xF1...0xF3: guard cont(1), cont(2), cont(3) else { throw invalid }; return 4
        case 0xF4: guard cont(1, 0x80...0x8F), cont(2), cont(3) else { throw invalid }; return 4
        default: throw invalid
        }
    }
}
