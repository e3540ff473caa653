import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Counts this process's TCP sockets connected to a loopback port, for the live client's
/// resource tests.
///
/// Reads /proc with plain read(2) until end of file: Foundation's `String(contentsOfFile:)`
/// stops after the first 4 KB of a procfs file (its reported size is 0), which hides sockets
/// once the machine has more than about 25 TCP connections.
enum LiveLocationClientSockets {
  static func connected(toPort port: UInt16) -> Int {
    var inodes: Set<Substring> = []
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
      for line in readWhole(table).split(separator: "\n").dropFirst() {
        let columns = line.split(separator: " ", omittingEmptySubsequences: true)
        guard columns.count > 9, let remote = columns[2].split(separator: ":").last,
          UInt16(remote, radix: 16) == port
        else { continue }
        inodes.insert(columns[9])
      }
    }
    let directory = "/proc/self/fd"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return entries.count { entry in
      guard
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "\(directory)/\(entry)"),
        target.hasPrefix("socket:[")
      else { return false }
      return inodes.contains(target.dropFirst(8).dropLast())
    }
  }

  private static func readWhole(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
