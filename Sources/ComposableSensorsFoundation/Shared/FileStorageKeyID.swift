#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What tells one `.fileStorage` key's file apart from another's: its URL and the
/// ``FileStorage`` it resolves in, whatever the value's type (TCA's `FileStorageKeyID`). Two keys
/// with equal ids read and write one file.
public struct FileStorageKeyID: Hashable, Sendable {
  /// The file's URL.
  public let url: URL
  let storage: ObjectIdentifier
}
