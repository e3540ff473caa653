import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Gpsfake {
  /// Whether gpsd has gpsfake's fake device, which proves gpsfake's silent hand-over worked.
  ///
  /// Two views of the same fact. The fast one: gpsd (gpsfake's child) holds a pty open, read from
  /// `/proc/<gpsd>/fd`; gpsd opens it about 0.1 s after it listens, which leaves a client over a
  /// second before the replay begins. A root gpsd switches to the `gpsd` user, and reading its
  /// descriptors then takes `CAP_SYS_PTRACE`, which root in a container often lacks. So the other
  /// view asks gpsd itself, which needs no privilege: `?DEVICES;` lists the device, about 1.1 s
  /// after gpsd listens.
  public var gpsdHasFakeDevice: Bool {
    gpsdHoldsPty || Self.gpsdReportsDevice(port: port)
  }

  /// Whether a child of gpsfake (its gpsd) holds a `/dev/pts/*` descriptor. `false` when the
  /// descriptors cannot be read.
  var gpsdHoldsPty: Bool {
    gpsdProcessIDs.contains { gpsd in
      let fds = "/proc/\(gpsd)/fd"
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []
      return entries.contains { entry in
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + entry)
        return target?.hasPrefix("/dev/pts/") == true
      }
    }
  }

  /// Whether gpsd on 127.0.0.1:`port` lists at least one device in its answer to `?DEVICES;`
  /// (each read and write waits at most `seconds`). `false` on any failure.
  public static func gpsdReportsDevice(port: UInt16, waitingAtMost seconds: Int = 1) -> Bool {
    guard let socket = Loopback.connect(port: port) else { return false }
    defer { close(socket) }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    let size = socklen_t(MemoryLayout<timeval>.size)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
    let request = Array("?DEVICES;\n".utf8)
    guard send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
      return false
    }
    // gpsd sends VERSION on connect, then DEVICES: read lines until DEVICES (at most 64 KiB).
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while received.count < 65_536 {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return false }
      received += chunk[..<count]
      guard let end = received.lastIndex(of: UInt8(ascii: "\n")) else { continue }
      // Split bytes, not a String: gpsd ends lines with CR LF, one Character in Swift.
      let lines = received[..<end].split(separator: UInt8(ascii: "\n")).map {
        String(decoding: $0, as: UTF8.self)
      }
      if let devices = lines.first(where: { $0.hasPrefix(#"{"class":"DEVICES""#) }) {
        return !devices.contains(#""devices":[]"#)
      }
    }
    return false
  }
}
