// The one entry point every libFuzzer harness shares.
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's per-input callback.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzCallback) -> Int32

/// Hands the process to libFuzzer's driver with the command-line arguments. SwiftPM links an
/// executable's own entry point as `main`, so libFuzzer's `main` is not used: each harness's
/// top-level code calls this instead.
public func runFuzzer(_ callback: FuzzCallback) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}
