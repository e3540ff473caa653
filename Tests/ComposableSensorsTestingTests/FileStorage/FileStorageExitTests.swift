import ComposableStore
import Foundation
import SensorsTestSupport
import Testing

/// A throttled `.fileStorage` change still waiting for its window when the process exits
/// normally: the `atexit` handler writes it. Runs the body in a child process (an exit test).
@Suite(.tags(.integration)) struct FileStorageExitTests {
  @Test func aNormalExitWritesWhatTheWindowHolds() async throws {
    let path = FileManager.default.temporaryDirectory.path + "/file-storage-exit-\(getpid()).json"
    defer { unlink(path) }
    await #expect(processExitsWith: .success) {
      // The child names the file after its parent, the test process.
      let path =
        FileManager.default.temporaryDirectory.path + "/file-storage-exit-\(getppid()).json"
      withDependencies {
        $0.defaultInMemoryStorage = InMemoryStorage()
        $0.defaultFileStorage = .fileSystem(throttle: .seconds(3600))
        $0.continuousClock = ContinuousClock()
      } operation: {
        @Shared(.fileStorage(path)) var count = 0
        count = 1
        count = 2
        count = 3
        // Still referenced: only the exit handler can write the newest change now.
        exit(0)
      }
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "3")
  }
}
