// libFuzzer harness for `gridrender compare` on hostile PNG pairs: the streamed comparison
// (`StreamingComparison`, CPNGCodec's row reader, the diff image streamed to a file) and, where
// both images decode in memory too, a differential check that the in-memory `ImageComparison`
// gives the same result. Built only with GRIDRENDER_FUZZ=1 (see docs/robustness.md).
//
// The input is one PNG (then compared with itself and with a fixed 3×2 image) or two PNGs one
// after the other (split after the first IEND chunk), so the PNG seeds and dictionary serve here
// too. The input's length picks the options (size mismatch allowed, diff image written).
import Foundation
import FuzzDriver
import GridSnapshot
#if canImport(Glibc)
import Glibc
#endif

/// A small pixel budget keeps each run fast; the budget check itself is part of what is tested.
private let pixelBudget: UInt64 = 1 << 20

/// A folder of this process's own for the two images and the diff.
private let folder: String = {
    // In memory where there is a tmpfs: each run writes two or three small files.
    let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(base)/gridrender-fuzz-compare-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    // Removed when libFuzzer's driver exits (a crash leaves it, beside the crashing input).
    atexit {
        for name in ["expected.png", "actual.png", "diff.png"] { unlink(folder + "/" + name) }
        rmdir(folder)
    }
    return String(cString: made)
}()

/// A valid 3×2 RGBA image, the partner of single-image inputs.
private let fixedPNG: [UInt8] = {
    var pixels = [UInt8]()
    for i in 0 ..< 6 { pixels += [UInt8(i * 40), 200, UInt8(255 - i * 30), 255] }
    return [UInt8](try! RGBAImage(width: 3, height: 2, pixels: pixels).pngData())
}()

/// Where the first PNG of the input ends (after IEND's CRC), when another PNG follows it.
private func split(_ bytes: [UInt8]) -> Int? {
    let iend: [UInt8] = Array("IEND".utf8)
    var i = 8
    while i + 8 <= bytes.count {
        if Array(bytes[i ..< i + 4]) == iend {
            let end = i + 8
            if end + 8 <= bytes.count, bytes[end] == 0x89, bytes[end + 1] == 0x50 { return end }
        }
        i += 1
    }
    return nil
}

private func write(_ bytes: [UInt8], _ name: String) -> String {
    let path = folder + "/" + name
    let file = fopen(path, "wb")!
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    return path
}

private func compare(_ expected: [UInt8], _ actual: [UInt8], mode: Int) {
    var options = ComparisonOptions.strict
    options.allowSizeMismatch = mode & 1 != 0
    let e = write(expected, "expected.png"), a = write(actual, "actual.png")
    let diff = mode & 2 != 0 ? folder + "/diff.png" : nil
    let streamed = try? StreamingComparison.compare(expected: e, actual: a, options: options, diff: diff,
                                                    pixelBudget: pixelBudget)
    if let diff { unlink(diff) }
    guard let streamed,
          let expectedImage = try? RGBAImage(pngData: expected, file: e, maxPixels: pixelBudget),
          let actualImage = try? RGBAImage(pngData: actual, file: a, maxPixels: pixelBudget) else { return }
    let inMemory = ImageComparison(expected: expectedImage, actual: actualImage, options: options).result
    if streamed.expectedSize != streamed.actualSize && !options.allowSizeMismatch && diff == nil {
        // By design the streamed comparison reports a size mismatch without decoding a pixel.
        precondition(!streamed.passed && !inMemory.passed && streamed.expectedSize == inMemory.expectedSize
                     && streamed.actualSize == inMemory.actualSize)
        return
    }
    // Both read the same pixels with the same classifier: any difference is a bug in one reader.
    precondition(streamed == inMemory, "streamed \(streamed.summary) != in memory \(inMemory.summary)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompare(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let end = split(bytes) {
        compare(Array(bytes[..<end]), Array(bytes[end...]), mode: size & 3)
    } else {
        compare(bytes, bytes, mode: size & 3)
        compare(bytes, fixedPNG, mode: size & 3)
        compare(fixedPNG, bytes, mode: (size >> 2) & 3)
    }
    return 0
}

runFuzzer(fuzzCompare)
