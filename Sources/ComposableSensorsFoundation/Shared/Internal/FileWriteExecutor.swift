import Dispatch

/// Where throttled `.fileStorage` writer tasks run live: a serial queue of their own, so a write
/// blocked in `fsync` (milliseconds, seconds on a busy disk) holds none of the few threads the
/// concurrency pool has (two on a two-core board), which run the store's effects.
///
/// A writer prefers the executor it inherited instead when there is one (a `TestStore`'s serial
/// executor), so a test stays deterministic.
final class FileWriteExecutor: TaskExecutor {
  /// The one queue every file's writer shares: writes are rare and brief, one at a time.
  static let shared = FileWriteExecutor()

  private let queue = DispatchQueue(label: "composable-sensors.file-storage-writes")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
  }
}
