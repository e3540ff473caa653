#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard error as a `TextOutputStream`, for runtime warnings.
package struct StandardError: TextOutputStream {
  /// Standard error, descriptor 2.
  package init() {}

  /// Writes all of `string`, giving up quietly if standard error is closed or full.
  package mutating func write(_ string: String) {
    writeAll(toDescriptor: 2, string)
  }
}

private func writeAll(toDescriptor descriptor: Int32, _ string: String) {
  var text = string
  text.withUTF8 { bytes in
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, base + offset, bytes.count - offset)
      // A closed or full stderr must not stop the store: give up on the warning instead.
      if written <= 0 { return }
      offset += written
    }
  }
}
