/// When a throttled `.fileStorage` file is written: the state machine of one file, kept under
/// its ``SharedFile``'s lock. It decides; the file's writer task and flushes do the writing,
/// outside the lock.
///
/// The first change in a quiet period is written at once (by a new writer task), which opens a
/// window; changes made while the window is open are coalesced, and the newest is written when
/// it ends, which opens the next window. A window that ends with nothing to write closes, and
/// the writer task ends: a steady stream of changes costs one write per window, and a single
/// change costs one write, made at once.
struct FileSaveMachine<Value: Sendable>: Sendable {
  enum State: Sendable {
    /// No writer task and nothing unwritten: the next change is written at once.
    case idle
    /// A window is open: the writer task sleeps until its end (the deadline), when it writes
    /// `pending`, the newest change not yet written (`nil`: the file holds the newest).
    case throttling(pending: Value?)
    /// A write is under way outside the lock (the writer's, or a flush's); `next` is a change
    /// made meanwhile. The file is not read back while it is being replaced.
    case saving(next: Value?)
  }

  private(set) var state = State.idle

  /// What the caller of ``change(to:)`` must do after unlocking.
  enum ChangeAction: Equatable {
    /// Nothing: a writer task will write the change when its window ends.
    case none
    /// Start a writer task: it writes the change now and opens a window.
    case startWriter
  }

  /// Records `value` as the newest change; the latest value always wins.
  mutating func change(to value: Value) -> ChangeAction {
    switch state {
    case .idle:
      state = .throttling(pending: value)
      return .startWriter
    case .throttling:
      state = .throttling(pending: value)
      return .none
    case .saving:
      state = .saving(next: value)
      return .none
    }
  }

  /// Hands the newest unwritten change to a write about to start, or `nil` when there is none.
  /// Called only with the file's write turn held, so two writes never run at once.
  mutating func takeForWrite() -> Value? {
    guard case .throttling(let pending?) = state else { return nil }
    state = .saving(next: nil)
    return pending
  }

  /// Ends the write ``takeForWrite()`` started; a change made during it waits for the window.
  mutating func finishWrite() {
    guard case .saving(let next) = state else { return }
    state = .throttling(pending: next)
  }

  /// What the writer task does when its window ends.
  enum WindowEnd: Equatable {
    /// Nothing was changed during the window: it closed, and the writer task ends.
    case close
    /// Write the newest change (or wait for a flush's write to finish), then open a new window.
    case write
  }

  /// The writer task's window has ended.
  mutating func windowEnded() -> WindowEnd {
    switch state {
    case .idle, .throttling(pending: nil):
      state = .idle
      return .close
    case .throttling, .saving:
      return .write
    }
  }

  /// Whether the file is being replaced right now, so a read must not look at it.
  var isSaving: Bool {
    if case .saving = state { return true }
    return false
  }

  /// Drops the unwritten change because the file was changed elsewhere after it: the other
  /// writer's change is newer, and the window ends with nothing to write. Returns whether there
  /// was one.
  mutating func dropPending() -> Bool {
    guard case .throttling(_?) = state else { return false }
    state = .throttling(pending: nil)
    return true
  }
}
