#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process environment without Foundation's `ProcessInfo`.
package enum ProcessEnvironment {
  /// Every `NAME=value` pair of the environment, read from `environ` when called. A name that
  /// appears twice keeps its first value, as `getenv` does.
  package static var variables: [String: String] {
    var result: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        let name = String(text[..<equals])
        if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
      }
      cursor += 1
    }
    return result
  }
}
