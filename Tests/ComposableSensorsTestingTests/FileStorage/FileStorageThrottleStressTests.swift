import ComposableSensorsTesting
import ComposableStore
import Foundation
import SensorsTestSupport
import Testing

/// Throttled `.fileStorage` writes under real concurrency: tasks changing one value while others
/// read it and flush, on a real clock with a short window.
@Suite(.tags(.stress)) struct FileStorageThrottleStressTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func changesReadsAndFlushesFromManyTasksLoseNothingAndTheNewestLands() async throws {
    let path = directory.file("count.json")
    let storage = FileStorage.fileSystem(throttle: .milliseconds(5))
    let (tasks, each) = (8, 1_000)
    let count = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.defaultFileStorage = storage
      $0.continuousClock = ContinuousClock()
    } operation: {
      Shared(wrappedValue: 0, .fileStorage(path))
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          for _ in 0..<each { count.withLock { $0 += 1 } }
        }
      }
      group.addTask {
        for _ in 0..<200 {
          storage.flush()
          #expect(count.loadError == nil)
          await Task.yield()
        }
      }
    }
    #expect(count.wrappedValue == tasks * each, "no change lost in memory")
    storage.flush()
    #expect(try directory.text("count.json") == "\(tasks * each)", "the newest value landed")
    #expect(try directory.names() == ["count.json"], "no temporary file left")
  }
}
