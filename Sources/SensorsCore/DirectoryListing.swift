#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Lists and probes paths with POSIX calls, without Foundation's `FileManager`.
package enum DirectoryListing {
  /// The names in directory `path` (without "." and ".."), in the order the file system gives.
  ///
  /// - Throws: ``FileContents/Failure`` naming the path and the reason (missing, permission).
  package static func names(atPath path: String) throws(FileContents.Failure) -> [String] {
    guard let directory = opendir(path) else {
      throw FileContents.Failure(
        path: path, reason: FileContents.explain(errno: errno, operation: "opendir"))
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether something exists at `path` (following symbolic links).
  package static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }
}
