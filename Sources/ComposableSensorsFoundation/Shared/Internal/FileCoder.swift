#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a `.fileStorage` key turns its value into a file's bytes and back: JSON for a `Codable`
/// value, or the key's own closures (TCA's `.fileStorage(url, decode:encode:)`).
struct FileCoder<Value: Sendable>: Sendable {
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data
}

extension FileCoder where Value: Codable {
  /// JSON, with `JSONDecoder` and `JSONEncoder`'s defaults.
  static var json: Self {
    Self(
      decode: { data in try JSONDecoder().decode(Value.self, from: data) },
      encode: { value in try JSONEncoder().encode(value) })
  }
}
