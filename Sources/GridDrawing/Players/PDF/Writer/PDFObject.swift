/// One indirect object of a PDF the project writes (`PDFWriter`), numbered by the writer.
/// A plain object (no `stream`) goes into a compressed object stream; a stream object is written
/// on its own, with `/Length` (and `/Filter /FlateDecode` when `deflate`) added by the writer.
struct PDFObject: Sendable {
    var number: Int
    /// The value: a dictionary `<< … >>` (a stream's, without `/Length` and, when `deflate`,
    /// without `/Filter`), an array, a number…
    var value: [UInt8]
    /// A stream's data (as it is stored unless `deflate`), nil for a plain object.
    var stream: [UInt8]?
    /// Whether the writer deflates `stream` and says so with `/Filter /FlateDecode`.
    var deflate: Bool

    init(number: Int, value: [UInt8], stream: [UInt8]? = nil, deflate: Bool = false) {
        self.number = number
        self.value = value
        self.stream = stream
        self.deflate = deflate
    }

    init(number: Int, _ value: String, stream: [UInt8]? = nil, deflate: Bool = false) {
        self.init(number: number, value: Array(value.utf8), stream: stream, deflate: deflate)
    }
}
