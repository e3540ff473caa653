/// The `VERSION` banner gpsd sends first on every connection.
public struct VersionReport: Sendable, Hashable {
  /// Public release, e.g. `3.22`.
  public var release: String
  /// Internal revision.
  public var rev: String
  /// Protocol major version; a client built for 3 must refuse another major.
  public var protoMajor: Int
  /// Protocol minor version (3.22 speaks 14).
  public var protoMinor: Int
  /// URL of the remote daemon when this report was relayed.
  public var remote: String?

  /// Creates a version banner.
  public init(
    release: String, rev: String, protoMajor: Int, protoMinor: Int, remote: String? = nil
  ) {
    self.release = release
    self.rev = rev
    self.protoMajor = protoMajor
    self.protoMinor = protoMinor
    self.remote = remote
  }
}
