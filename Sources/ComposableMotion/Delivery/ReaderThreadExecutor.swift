import SensorsCore
import Synchronization

/// Where an update effect's loop runs: on the live reader's thread that fed its stream, right
/// after the feeding, instead of on a pool thread woken for it (the one hop per output a live
/// reader would otherwise cost). It decides where the loop runs, never which way a sample takes:
/// every sample still goes through the client's stream and the effect's `send`.
///
/// The update effects iterate inside `withTaskExecutorPreference(ReaderThreadExecutor(...))`.
/// From then on their task's jobs come here. A job enqueued on a thread that is inside
/// ``collecting(_:)`` (a reader delivering one read's scans) is kept and run on that thread once
/// the delivery is done, outside every lock; any other job (a resumption from another thread, a
/// cancellation, a replay's or a polling reader's delivery) goes to the `fallback` executor: the
/// one the effect inherited (a `TestStore`'s serial executor), or the global concurrent executor.
/// So nothing waits on a reader that is not running, and a test stays deterministic.
///
/// What runs on the reader's thread is the loop's body up to its next suspension (for an update
/// effect, `send`: the store's reducer; and, when the stream ended, the effect's end). The reader
/// reads again only after it: a reducer is quick, and the kernel buffer holds half a second of
/// scans meanwhile (`LiveIIOSensors.bufferLength`).
final class ReaderThreadExecutor: TaskExecutor {
  /// How many rounds of jobs (jobs enqueued by the jobs just run) one delivery runs inline
  /// before handing the rest to their fallbacks: consumers that keep resuming each other do not
  /// hold the reader.
  static let roundsPerDelivery = 4

  /// A thread inside ``collecting(_:)`` and the jobs enqueued on it so far, with their executors.
  private struct Collector {
    let thread: UInt
    var jobs: [(job: UnownedJob, executor: ReaderThreadExecutor)]
  }

  /// The threads collecting now, for every instance: at most one per live reader.
  private static let collectors = Mutex<[Collector]>([])

  /// Where jobs not enqueued on a collecting thread go; nil: the global concurrent executor.
  private let fallback: (any TaskExecutor)?

  /// An executor for one effect's loop; `fallback` takes the jobs no reader's thread collects.
  init(fallback: (any TaskExecutor)?) {
    self.fallback = fallback
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let thread = currentThreadID()
    let kept = Self.collectors.withLock { collectors -> Bool in
      guard let index = collectors.firstIndex(where: { $0.thread == thread }) else {
        return false
      }
      collectors[index].jobs.append((job, self))
      return true
    }
    if !kept { handOff(job) }
  }

  private func handOff(_ job: UnownedJob) {
    if let fallback {
      fallback.enqueue(ExecutorJob(job))
    } else {
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
  }

  /// Runs `body` (a delivery to the streams) on the calling thread, then the jobs it enqueued
  /// here, and theirs, for at most ``roundsPerDelivery`` rounds; what remains goes to the
  /// fallbacks.
  static func collecting<Result>(_ body: () -> Result) -> Result {
    let thread = currentThreadID()
    let outermost = collectors.withLock { collectors -> Bool in
      guard !collectors.contains(where: { $0.thread == thread }) else { return false }
      collectors.append(Collector(thread: thread, jobs: []))
      return true
    }
    let result = body()
    // Nested (a job run here delivers again): the outer call runs what both enqueued.
    guard outermost else { return result }
    var round = 0
    while true {
      let last = round == roundsPerDelivery
      let jobs = collectors.withLock { collectors in
        guard let index = collectors.firstIndex(where: { $0.thread == thread }) else {
          return [(job: UnownedJob, executor: ReaderThreadExecutor)]()
        }
        let jobs = collectors[index].jobs
        if jobs.isEmpty || last {
          collectors.remove(at: index)
        } else {
          collectors[index].jobs.removeAll(keepingCapacity: true)
        }
        return jobs
      }
      if jobs.isEmpty { return result }
      if last {
        for (job, executor) in jobs { executor.handOff(job) }
        return result
      }
      for (job, executor) in jobs { job.runSynchronously(on: executor.asUnownedTaskExecutor()) }
      round += 1
    }
  }
}
