import Foundation
import SensorsTestSupport
import Testing

/// Runs one of this bundle's tests again inside `umockdev-run`, so that the code under test
/// reads the fixture at the real `/sys/bus/iio/devices` and `/dev/iio:deviceN`.
///
/// The child is told what it is through ``ChildProcess`` (from SensorsTestSupport, as in LinuxIIOTests); its
/// suite is disabled in ordinary runs. The parent passes only if exactly the chosen test ran
/// and passed.
enum Umockdev {
  static let childMode = "motion-umockdev"

  /// `umockdev-run`, if installed.
  static var executable: String? { ChildProcess.executable("umockdev-run") }

  /// Whether this process is the child started under umockdev.
  static var isChild: Bool { ChildProcess.isChild(childMode) }

  /// Runs `test` (a `Suite/test()` path in this bundle) under umockdev with `device` loaded
  /// and, optionally, `script` replayed on `/dev/iio:device0`. The wait for the child runs
  /// on a thread of its own, so the concurrency pool stays free for the tests beside it.
  static func run(
    device: String, script: String? = nil, test: String
  ) async throws -> ChildProcess.Outcome {
    guard let umockdev = executable else {
      return ChildProcess.Outcome(status: -1, output: "umockdev-run is not installed")
    }
    var arguments = [umockdev, "-d", try fixture(device, "umockdev")]
    if let script { arguments += ["-s", "/dev/iio:device0=" + (try fixture(script, "script"))] }
    return try await ChildProcess.run(wrapper: arguments + ["--"], test: test, mode: childMode)
  }

  private static func fixture(_ name: String, _ ext: String) throws -> String {
    try UmockdevDescription.url(name, extension: ext, in: .module).path
  }
}

extension Trait where Self == ConditionTrait {
  /// Enables a parent suite whose tests re-run a twin under `umockdev-run`, when it is installed.
  static var umockdevInstalled: Self {
    .enabled(
      if: Umockdev.executable != nil,
      "umockdev-run is not installed: `sudo apt-get install umockdev` runs these integration tests")
  }

  /// Enables a suite of twins only inside `umockdev-run`, where ``Umockdev/run`` starts them.
  static var insideUmockdev: Self {
    .enabled(if: Umockdev.isChild, "runs only inside umockdev-run")
  }
}
