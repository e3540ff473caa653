import SensorsCore

/// The throttled writes of a ``SharedFile``: the shell around its ``FileSaveMachine``.
extension SharedFile: FlushableFile {
  /// Records a change; the first of a quiet period starts a writer task, which writes it at once
  /// (in memory, the caller writes it) and then once per window while changes keep coming. The
  /// caller never waits for the disk.
  func change(to value: Value) {
    guard let throttle else { return }
    let action = state.withLock { $0.saves.change(to: value) }
    guard action == .startWriter else { return }
    // In memory a write costs a dictionary update: made on the caller's thread, as TCA makes
    // the first write of a window, so a test sees it as soon as the change returns.
    let writtenNow = storage.backend.isInMemory
    if writtenNow { writePending() }
    let task = Task.inheritingExecutor { [weak self, clock = throttle.clock] in
      let executor = InheritedExecutor.preferred ?? FileWriteExecutor.shared
      await withTaskExecutorPreference(executor) {
        var writeFirst = !writtenNow
        while true {
          if writeFirst { self?.writePending() }
          writeFirst = true
          do {
            try await clock.sleep(for: throttle.window)
          } catch {
            // Cancelled (the file went away, and flushed itself) or a clock that cannot sleep:
            // the window ends now.
          }
          guard self?.endWindow() == .write else { return }
        }
      }
    }
    state.withLock { $0.writer = task }
  }

  /// Writes the pending change now, on the caller's thread, waiting for a write under way.
  func flush() {
    writePending()
  }

  /// Takes the newest unwritten change, if any, and writes it. Takes the write turn first, so
  /// writes land in the order they took their change: the newest value always wins.
  ///
  /// A file changed elsewhere since it was last seen (written, deleted or replaced by another
  /// writer) is not overwritten: that change is newer than the one waiting, which is dropped,
  /// and the next read takes the file's.
  func writePending() {
    writeTurn.withLock { _ in
      let found = look()
      let taken = state.withLock { state -> Value? in
        if state.seen != .unchecked, found != state.seen, state.saves.dropPending() { return nil }
        return state.saves.takeForWrite()
      }
      guard let value = taken else { return }
      let result = write(value)
      let failure = state.withLock { state -> FileStorageError? in
        state.saves.finishWrite()
        state.finishedWrites += 1
        switch result {
        case .success(let seen):
          state.seen = seen
          state.failure = nil
          return nil
        case .failure(let failure):
          // The value stays in memory; the next change tries again.
          state.failure = failure
          return failure
        }
      }
      if let failure { report(failure) }
    }
  }

  private func endWindow() -> FileSaveMachine<Value>.WindowEnd {
    state.withLock { $0.saves.windowEnded() }
  }
}
