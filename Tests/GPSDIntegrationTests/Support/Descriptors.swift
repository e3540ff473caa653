import Foundation

/// Inspects this process's open file descriptors through /proc, to prove sockets are released.
enum Descriptors {
  /// Number of open descriptors.
  static var count: Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
  }

  /// Open TCP sockets of this process whose remote end is 127.0.0.1:`port` (the client side only).
  static func socketsConnected(toPort port: UInt16) -> Int {
    var inodes: Set<String> = []
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
      guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
      for line in text.split(separator: "\n").dropFirst() {
        let columns = line.split(separator: " ", omittingEmptySubsequences: true)
        guard columns.count > 9, let remotePort = columns[2].split(separator: ":").last,
          UInt16(remotePort, radix: 16) == port
        else { continue }
        inodes.insert(String(columns[9]))
      }
    }
    let directory = "/proc/self/fd"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return entries.filter { entry in
      guard
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "\(directory)/\(entry)")
      else {
        return false
      }
      return target.hasPrefix("socket:[") && inodes.contains(String(target.dropFirst(8).dropLast()))
    }.count
  }
}
