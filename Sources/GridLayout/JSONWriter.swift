/// Appends JSON text to a UTF-8 byte buffer. A layout's JSON can hold millions of cells, so
/// it avoids a `String` per value: literals are copied, integers formatted by hand.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string: quotes, backslashes and control characters escaped (spanner labels are user text).
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in value.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(b)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: Array("\\n".utf8))
            case UInt8(ascii: "\t"): bytes.append(contentsOf: Array("\\t".utf8))
            case 0..<0x20: bytes.append(contentsOf: Array("\\u00".utf8)); bytes.append(Self.hex[Int(b >> 4)]); bytes.append(Self.hex[Int(b & 15)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude == 0 { bytes.append(UInt8(ascii: "0")); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Whole numbers without ".0" (and never "-0"); others in Swift's shortest round-tripping
    /// form; non-finite values (which the layout never produces) as 0.
    mutating func number(_ value: Double) {
        guard value.isFinite else { bytes.append(UInt8(ascii: "0")); return }
        if value == value.rounded() && abs(value) < 1e15 {
            integer(Int(value))
        } else {
            bytes.append(contentsOf: "\(value)".utf8)
        }
    }
}
