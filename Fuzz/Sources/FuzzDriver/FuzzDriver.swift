#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Hands the process over to libFuzzer's driver with `testOneInput` as the target, and exits with
/// the driver's status. Every harness's `main` calls it: SwiftPM names a program's `main` after its
/// module, so libFuzzer's own `main` is not the one linked.
public func runLibFuzzer(
  _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Never {
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(llvmFuzzerRunDriver(&argc, &argv, testOneInput))
}

@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
