import SensorsCore
import Synchronization

/// Runs a stream's consumer on the thread that fed it, right after the feeding, instead of
/// waking a pool thread for it: the one hop per output a live reader would otherwise cost.
///
/// A consumer opts in by iterating inside `withTaskExecutorPreference(ReaderThreadExecutor.shared)`
/// (the client's update effects do). From then on its task's jobs come here. A job enqueued on
/// a thread that is inside ``collecting(_:)`` (a reader delivering one read's scans) is kept and
/// run on that thread once the delivery is done, outside every lock; any other job (a
/// resumption from another thread, a cancellation, a replay) goes straight to the global
/// concurrent executor, as it would without the preference. So nothing waits on a reader that
/// is not running, and a consumer that never opted in is untouched.
///
/// What runs on the reader's thread is the consumer's loop body up to its next suspension (for
/// an effect, `send`: the store's reducer; and, when the stream ended, the effect's end). The
/// reader reads again only after it: a reducer is quick, and the kernel buffer holds half a
/// second of scans meanwhile (`LiveIIOSensors.bufferLength`).
final class ReaderThreadExecutor: TaskExecutor {
  /// The one instance: collecting is per thread, so every reader shares it.
  static let shared = ReaderThreadExecutor()

  /// How many rounds of jobs (jobs enqueued by the jobs just run) one delivery runs inline
  /// before handing the rest to the pool: consumers that keep resuming each other do not hold
  /// the reader.
  static let roundsPerDelivery = 4

  /// A thread inside ``collecting(_:)`` and the jobs enqueued on it so far.
  private struct Collector {
    let thread: UInt
    var jobs: [UnownedJob]
  }

  /// The threads collecting now: at most one per live reader.
  private let collectors = Mutex<[Collector]>([])

  private init() {}

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let thread = currentThreadID()
    let kept = collectors.withLock { collectors -> Bool in
      guard let index = collectors.firstIndex(where: { $0.thread == thread }) else {
        return false
      }
      collectors[index].jobs.append(job)
      return true
    }
    if !kept { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
  }

  /// Runs `body` (a delivery to the streams) on the calling thread, then the jobs it enqueued
  /// here, and theirs, for at most ``roundsPerDelivery`` rounds; what remains goes to the pool.
  func collecting<Result>(_ body: () -> Result) -> Result {
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
      let last = round == Self.roundsPerDelivery
      let jobs = collectors.withLock { collectors -> [UnownedJob] in
        guard let index = collectors.firstIndex(where: { $0.thread == thread }) else { return [] }
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
        for job in jobs { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        return result
      }
      for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
      round += 1
    }
  }
}
