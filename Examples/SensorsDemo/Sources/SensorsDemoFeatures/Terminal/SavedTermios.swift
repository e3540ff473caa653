import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal settings saved before entering raw mode, taken back exactly once on restore.
final class SavedTermios: Sendable {
  // `termios` is a plain C struct of integers; it is copied in and out under the lock.
  private let settings = Mutex<termios?>(nil)

  func store(_ value: termios) {
    settings.withLock { $0 = value }
  }

  func take() -> termios? {
    settings.withLock { value in
      defer { value = nil }
      return value
    }
  }
}
