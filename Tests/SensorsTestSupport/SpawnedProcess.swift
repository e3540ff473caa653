import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with posix_spawn, leading its own process group, reaped by
/// ``isRunning`` and stopped with its whole group by ``terminate(grace:)``.
///
/// posix_spawn rather than Foundation's Process: the test process blocks most signals (Dispatch
/// does), and a child inheriting that mask ignores SIGTERM. The child gets an empty mask and
/// default handlers.
public final class SpawnedProcess: Sendable {
  /// The child's process id, which is also its process group's id.
  public let processID: pid_t
  private let exited = Mutex(false)

  /// The spawn failed (`posix_spawn`'s error).
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts `arguments[0]` (an absolute path) with the current environment plus `environment`,
  /// standard input from /dev/null, standard output to /dev/null and standard error to
  /// `errorPath` (or both to `outputPath` when it is given).
  public init(
    _ arguments: [String], environment: [String: String] = [:], errorPath: String,
    outputPath: String? = nil
  ) throws {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_addopen(
      &actions, 2, outputPath ?? errorPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var variables = ProcessInfo.processInfo.environment
    variables.merge(environment) { $1 }
    var envp: [UnsafeMutablePointer<CChar>?] =
      variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in envp { free(variable) } }
    var processID: pid_t = 0
    let status = posix_spawn(&processID, arguments[0], &actions, &attributes, &argv, &envp)
    guard status == 0 else {
      throw Failure(
        description: "posix_spawn \(arguments[0]): \(String(cString: strerror(status)))")
    }
    self.processID = processID
  }

  /// Whether the child still runs (reaps it once it has exited).
  public var isRunning: Bool {
    exited.withLock { exited in
      if exited { return false }
      var status: Int32 = 0
      if waitpid(processID, &status, WNOHANG) == processID { exited = true }
      return !exited
    }
  }

  /// Waits (polling every 10 ms, at most `seconds`) for the child to exit.
  @discardableResult
  public func waitUntilExit(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while isRunning, Date() < deadline { usleep(10_000) }
    return !isRunning
  }

  /// SIGTERM to the child's group, SIGKILL after `grace` seconds; then nothing of the group is
  /// left.
  public func terminate(grace: Double = 3) {
    if isRunning {
      kill(-processID, SIGTERM)
      if !waitUntilExit(seconds: grace) {
        kill(-processID, SIGKILL)
        waitUntilExit(seconds: 3)
      }
    }
    kill(-processID, SIGKILL)
  }
}
