/// What a PDF image dictionary needs of a JPEG file, from its frame header (SOFn): a reader
/// decodes the file's own bytes (`/DCTDecode`), so nothing else is read.
struct JPEGHeader: Equatable {
    var width: Int
    var height: Int
    /// 1 grey, 3 YCbCr/RGB, 4 CMYK.
    var components: Int
    var bitsPerComponent: Int

    /// nil when `bytes` is not a JPEG with a baseline, extended or progressive frame of 8 bits.
    init?(_ bytes: [UInt8]) {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            // SOF0-SOF3, SOF5-SOF7, SOF9-SOF11, SOF13-SOF15 (not DHT C4, JPG C8, DAC CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                bitsPerComponent = Int(bytes[i + 4])
                height = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                width = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                components = Int(bytes[i + 9])
                guard bitsPerComponent == 8, width > 0, height > 0, [1, 3, 4].contains(components) else { return nil }
                return
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    var colorSpace: String { components == 1 ? "/DeviceGray" : components == 3 ? "/DeviceRGB" : "/DeviceCMYK" }
}
