/// Why a `.fileStorage` value could not be read from or written to its file. Reported as a
/// runtime warning (a test failure inside `TestStore`) and kept in ``Shared/loadError``; the
/// value in memory stands, so a bad file never crashes the app.
public enum FileStorageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file exists but could not be read (permissions, a directory, longer than the limit).
  case unreadable(path: String, reason: String)
  /// The file's contents are not JSON for the value's type.
  case corrupt(path: String, reason: String)
  /// The value could not be encoded as JSON (a non-finite `Double`, say).
  case unencodable(path: String, reason: String)
  /// The file, its temporary sibling or its directory could not be written.
  case unwritable(path: String, reason: String)

  /// A sentence naming the file, what went wrong and what was kept.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read the shared value's file \(path): \(reason); the value in memory is kept"
    case .corrupt(let path, let reason):
      "the shared value's file \(path) is not valid JSON for its type (\(reason)); the value in "
        + "memory is kept, and the file is replaced on the next change"
    case .unencodable(let path, let reason):
      "cannot encode the shared value for \(path) as JSON (\(reason)); the file is unchanged"
    case .unwritable(let path, let reason):
      "cannot write the shared value's file \(path): \(reason); the change is kept in memory only"
    }
  }
}
