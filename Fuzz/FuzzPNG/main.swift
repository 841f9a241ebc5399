// libFuzzer harness for the PNG decoding `gridrender compare` uses (`RGBAImage(pngData:)`,
// libpng through CPNGCodec), then a comparison of the decoded image with itself.
// Built only with GRIDRENDER_FUZZ=1 (see docs/robustness.md).
import FuzzDriver
import GridSnapshot
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    // A small pixel limit keeps each run fast; the limit itself is part of what is tested.
    guard let image = try? RGBAImage(pngData: bytes, file: "fuzz.png", maxPixels: 1 << 20) else { return 0 }
    precondition(image.pixels.count == image.width * image.height * 4)
    let comparison = ImageComparison(expected: image, actual: image, options: .strict)
    precondition(comparison.result.passed)
    return 0
}

runFuzzer(fuzzPNG)
