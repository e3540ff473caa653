import Foundation

/// Runs one of this bundle's tests again inside `umockdev-run`, so that the code under test
/// reads the fixture at the real `/sys/bus/iio/devices` and `/dev/iio:deviceN`.
///
/// The child is told what it is through an environment variable; its suite is disabled in
/// ordinary runs. The parent passes only if exactly the chosen test ran and passed.
enum Umockdev {
  static let childVariable = "COMPOSABLE_MOTION_UMOCKDEV_CHILD"

  /// `umockdev-run`, if installed.
  static var executable: String? { ChildTest.executable("umockdev-run") }

  /// Whether this process is the child started under umockdev.
  static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] == "1" }

  /// Runs `test` (a `Suite/test()` path in this bundle) under umockdev with `device` loaded
  /// and, optionally, `script` replayed on `/dev/iio:device0`. Returns the child's output when
  /// it failed, nil when it passed.
  static func run(device: String, script: String? = nil, test: String) throws -> String? {
    guard let umockdev = executable else { return "umockdev-run is not installed" }
    var arguments = [umockdev, "-d", try fixture(device, "umockdev")]
    if let script { arguments += ["-s", "/dev/iio:device0=" + (try fixture(script, "script"))] }
    return try ChildTest.run(
      wrapper: arguments + ["--"], test: test, environment: [childVariable: "1"])
  }

  private static func fixture(_ name: String, _ ext: String) throws -> String {
    guard
      let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures")
    else { throw UmockdevDescription.FixtureMissing(name: "\(name).\(ext)") }
    return url.path
  }
}
