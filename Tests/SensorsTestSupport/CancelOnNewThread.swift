import Foundation
import Testing

/// Cancels `task` from a new thread, off the concurrency pool, and waits until `cancel()` has
/// returned; false, with an issue naming `what`, if it never does.
///
/// Cancelling runs a stream's termination handlers on the cancelling thread, under the runtime's
/// lock on the task; a handler that waits for a thread that needs that lock deadlocks. Off the
/// pool, a deadlock costs only that thread and fails the wait instead of hanging the run.
@discardableResult
public func cancelOnNewThread<Success, Failure>(
  _ task: Task<Success, Failure>, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
  let cancelled = OneWayFlag()
  Thread {
    task.cancel()
    cancelled.raise()
  }.start()
  return await waitUntil(
    "\(what): cancel() returns (else a deadlock)", sourceLocation: sourceLocation
  ) { cancelled.isRaised }
}
