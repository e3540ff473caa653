import ComposableStore
import Foundation
import SensorsTestSupport
import Testing

/// `.fileStorage` and another process sharing the file: a real `/bin/sh` child.
@Suite(.tags(.integration)) struct FileStorageProcessTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Runs `script` under `/bin/sh` with `$1` set to `path`, and returns its standard output.
  private func shell(_ script: String, path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "sh", path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func anotherProcessReadsTheValueAndItsChangeIsReadBack() throws {
    let path = directory.file("count.json")
    try withOwnReferences {
      @Shared(.fileStorage(path)) var count = 0
      count = 41
      #expect(try shell(#"cat "$1""#, path: path) == "41")
      // Edit it the way a shell user would: in place, then atomically.
      _ = try shell(#"echo 42 > "$1""#, path: path)
      #expect(count == 42)
      _ = try shell(#"echo 43 > "$1.new" && mv "$1.new" "$1""#, path: path)
      #expect(count == 43)
    }
  }
}
