import ComposableStore
import Foundation
import Synchronization
import Testing

/// A private directory under the temporary directory for one test, removed when the test ends.
final class TemporaryDirectory {
  let path: String

  init() throws {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("shared-XXXXXX")
    var buffer = Array(template.path.utf8CString)
    let made = buffer.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    path = try #require(made, "mkdtemp \(template.path): \(String(cString: strerror(errno)))")
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The path of `name` in this directory.
  func file(_ name: String) -> String { path + "/" + name }

  /// The names in this directory, hidden ones included, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// The file's text.
  func text(_ name: String) throws -> String {
    try String(contentsOfFile: file(name), encoding: .utf8)
  }

  /// Writes `text` in place (truncate and write, as an editor without atomic saves does).
  func writeInPlace(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
  }

  /// Writes `text` to a sibling and renames it over `name`, as a well-behaved writer does.
  func replace(_ name: String, with text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name + ".new")))
    let renamed = rename(file(name + ".new"), file(name))
    #expect(renamed == 0, "rename: \(String(cString: strerror(errno)))")
  }
}

/// Collects the runtime warnings raised while `body` runs, instead of printing them.
func collectingWarnings<R>(_ body: () throws -> R) rethrows -> (R, [String]) {
  let warnings = Mutex<[String]>([])
  let collect: RuntimeWarning.Reporter = { message, _, _, _, _ in
    warnings.withLock { $0.append(message) }
  }
  let result = try RuntimeWarning.$reporter.withValue(collect) { try body() }
  return (result, warnings.withLock { $0 })
}

/// Runs `body` with a reference table of its own, as a new process would have, writing the real
/// file system at once (``FileStorage/immediate``; a test's default is an in-memory file
/// system): its `.fileStorage` values see other tables' changes through the file system only.
func withOwnReferences<R>(_ body: () throws -> R) rethrows -> R {
  try withDependencies {
    $0.defaultInMemoryStorage = InMemoryStorage()
    $0.defaultFileStorage = .immediate
  } operation: {
    try body()
  }
}
