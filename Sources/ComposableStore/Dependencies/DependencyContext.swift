import SensorsCore

/// Where the code runs, which picks a dependency's default: its live, preview or test value.
///
/// Detected once per process: `test` in a process run by XCTest or Swift Testing (an `.xctest`
/// executable, `--testing-library` among the arguments, `swiftpm-testing-helper`, or one of
/// XCTest's environment variables, as swift-dependencies detects it), `preview` in an Xcode
/// preview, otherwise `live`. The `SWIFT_DEPENDENCIES_CONTEXT` environment variable (`live`,
/// `preview` or `test`) overrides the detection. `TestStore` always runs its feature in `test`,
/// and `withDependencies { $0.context = … }` sets it for a scope.
public enum DependencyContext: Sendable, Hashable, CaseIterable {
  /// A running app: dependencies use their ``DependencyKey/liveValue``.
  case live
  /// An Xcode preview: dependencies use their ``TestDependencyKey/previewValue``.
  case preview
  /// A test: dependencies use their ``TestDependencyKey/testValue``.
  case test

  /// The context of this process, detected at first use.
  public static let detected: DependencyContext = detect(
    arguments: CommandLine.arguments, environment: ProcessEnvironment.variables)

  /// The context that `arguments` and `environment` describe (the seam behind ``detected``).
  package static func detect(arguments: [String], environment: [String: String])
    -> DependencyContext
  {
    switch environment["SWIFT_DEPENDENCIES_CONTEXT"] {
    case "live": return .live
    case "preview": return .preview
    case "test": return .test
    default: break
    }
    if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
    let xcTestVariables = [
      "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath",
      "XCTestSessionIdentifier",
    ]
    if xcTestVariables.contains(where: { environment[$0] != nil }) { return .test }
    let isTestRunner = arguments.contains { argument in
      let name = argument.split(separator: "/").last.map(String.init) ?? argument
      return argument == "--testing-library" || name == "swiftpm-testing-helper"
        || name == "xctest" || name.hasSuffix(".xctest")
    }
    return isTestRunner ? .test : .live
  }
}
