import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's identity and version as `stat` reports them: when any field differs, the file was
/// replaced or rewritten. An atomic replacement always changes the inode; a rewrite in place
/// changes the size or the modification time (nanoseconds on ext4, btrfs, tmpfs).
struct FileStamp: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    #endif
  }

  /// The stamp of the file at `path`, `nil` if there is none.
  static func of(path: String) -> Result<FileStamp?, FileStorageError> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .success(nil) }
      return .failure(
        .unreadable(path: path, reason: String(cString: strerror(code)) + " (errno \(code))"))
    }
    return .success(FileStamp(info))
  }
}

/// A file's version as a `.fileStorage` reference last saw it: its stamp, and how many times
/// this process had written the path then.
///
/// The count makes a write by another reference in this process always visible: the stamp
/// alone can repeat when the file system reuses a freed inode for a file of the same size
/// within one tick of its clock (ext4 timestamps advance every few milliseconds). Writers in
/// other processes are seen through the stamp alone.
struct FileVersion: Equatable, Sendable {
  var stamp: FileStamp
  var localWrites: UInt64

  private static let writes = Mutex<[String: UInt64]>([:])

  /// How many times this process has written `path` through a `.fileStorage` key.
  static func localWrites(_ path: String) -> UInt64 {
    writes.withLock { $0[path, default: 0] }
  }

  /// Counts a write of `path`, returning the new count.
  static func recordLocalWrite(_ path: String) -> UInt64 {
    writes.withLock { table in
      table[path, default: 0] += 1
      return table[path, default: 0]
    }
  }
}
