// libFuzzer harness for the PNG decoding `gridrender compare` uses (`RGBAImage(pngData:)`,
// libpng through CPNGCodec), then a comparison of the decoded image with itself.
// Built only with GRIDRENDER_FUZZ=1 (see docs/robustness.md).
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

// SwiftPM links an executable's entry point as `main`, so libFuzzer's own `main` is not used:
// the top-level code hands control to libFuzzer's driver instead.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzzPNG))
