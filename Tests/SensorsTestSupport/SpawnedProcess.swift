import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starts a service for a test (gpsfake, iiod under umockdev) the way it must be started from a
/// test process.
///
/// posix_spawn rather than Foundation's Process: the test process blocks most signals (Dispatch
/// does), and a child inheriting that mask ignores SIGTERM and never finishes its replay. The
/// child gets an empty mask, default handlers, its own process group (so it can be stopped with
/// everything it started), standard input and output on /dev/null, and standard error in a file.
public enum SpawnedProcess {
  /// posix_spawn failed, with its message.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Spawns `arguments[0]` (a path) with `arguments`, this process's environment plus
  /// `environment`, standard error to `standardError`; returns its process id, which is also
  /// its process group id.
  public static func spawn(
    _ arguments: [String], environment: [String: String] = [:], standardError: String
  ) throws -> pid_t {
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
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    var envp: [UnsafeMutablePointer<CChar>?] =
      merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in envp { free(variable) } }
    var processID: pid_t = 0
    let status = posix_spawn(&processID, arguments[0], &actions, &attributes, &argv, &envp)
    guard status == 0 else { throw Failure(description: String(cString: strerror(status))) }
    return processID
  }
}
