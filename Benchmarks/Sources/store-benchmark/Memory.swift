#if canImport(Glibc)
  import Glibc
#endif

/// Resident-memory figures of this process from /proc/self/status, in kibibytes.
enum Memory {
  /// The current resident set (VmRSS).
  static var residentKiB: Int { field("VmRSS:") ?? 0 }

  /// The peak resident set (VmHWM) since the process started or ``resetPeak()``.
  static var peakKiB: Int { field("VmHWM:") ?? 0 }

  /// Resets the kernel's peak counter (Linux ≥ 4.0: write "5" to /proc/self/clear_refs).
  /// Returns whether it worked; if not, peaks include earlier phases.
  @discardableResult
  static func resetPeak() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
  }

  private static func field(_ name: String) -> Int? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 512)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      let line = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard line.hasPrefix(name) else { continue }
      // "VmHWM:\t   12345 kB": skip tabs and spaces before the number.
      return Int(
        line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
    return nil
  }
}
