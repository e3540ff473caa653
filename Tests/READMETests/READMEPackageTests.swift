import Foundation
import SensorsTestSupport
import Testing

/// Builds the README as a new user would use it: a package of its own that depends on this
/// checkout by path and on exactly the products the README's "Installing" section lists, with
/// every ```swift block of the README as its sources and no import the README does not imply
/// (READMEExamples.swift, compiled by this target, links more and imports Foundation).
///
/// The package is written under `.build/readme-package` and built there with `swift build
/// --build-tests`, so a second run only rebuilds what changed. No network and no file outside
/// the checkout: the package has no other dependency.
@Suite(.tags(.integration)) struct READMEPackageTests {
  static let checkout = READMESnippetTests.testsDirectory.deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The products of the Installing section: those of the app target, then the test target's.
  static func installedProducts(in markdown: String) throws -> (app: [String], tests: [String]) {
    let section = try #require(
      markdown.components(separatedBy: "## Installing").dropFirst().first?
        .components(separatedBy: "\n## ").first)
    let manifest = try #require(section.components(separatedBy: "```").dropFirst().first)
    let parts = manifest.components(separatedBy: ".testTarget(")
    try #require(parts.count == 2, "Installing shows an app target, then a test target")
    return (products(in: parts[0]), products(in: parts[1]))
  }

  /// The names in `.product(name: "…"` clauses, in order.
  static func products(in text: String) -> [String] {
    text.components(separatedBy: #".product(name: ""#).dropFirst().compactMap {
      $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
  }

  /// Where a README block belongs: test code (it uses the test support), code that needs the
  /// sample data (its section says to add that product), or app code.
  enum Place { case app, samples, tests }

  static func place(of block: String) -> Place {
    let testOnly = ["@Test", "TestStore", "TestClock", "ScriptedStream", ".unimplemented("]
    if testOnly.contains(where: block.contains) { return .tests }
    if block.contains("SampleData.") { return .samples }
    return .app
  }

  static func manifest(app: [String], tests: [String], dependency: String) -> String {
    func list(_ products: [String]) -> String {
      products.map { #".product(name: "\#($0)", package: "composable-sensors")"# }
        .joined(separator: ", ")
    }
    return """
      // swift-tools-version: 6.0
      // Written by READMEPackageTests: the README's Swift blocks, built as a user's package.
      import PackageDescription

      let package = Package(
        name: "MyApp",
        platforms: [.macOS(.v15)],
        dependencies: [.package(path: "\(dependency)")],
        targets: [
          .target(name: "MyApp", dependencies: [\(list(app))]),
          .target(
            name: "MyAppSamples",
            dependencies: [\(list(app + ["SensorsSampleData"]))]),
          .testTarget(name: "MyAppTests", dependencies: ["MyApp", \(list(tests))]),
        ],
        swiftLanguageModes: [.v6]
      )

      """
  }

  static func imports(_ modules: [String]) -> String {
    modules.map { "import \($0)\n" }.joined()
  }

  @Test("Installing lists the library products the walkthrough needs, and no more")
  func installingSection() throws {
    let markdown = try String(contentsOf: READMESnippetTests.readme, encoding: .utf8)
    let (app, tests) = try Self.installedProducts(in: markdown)
    #expect(app == ["ComposableStore", "ComposableMotion", "ComposableLocation"])
    #expect(tests == ["ComposableSensorsTesting"])
    #expect(Self.place(of: "@Test func a() {}") == .tests)
    #expect(Self.place(of: "let d = SampleData.gpsdCapture") == .samples)
    #expect(Self.place(of: "struct A {}") == .app)
  }

  @Test("The README's Swift blocks build in a package depending only on what Installing lists")
  func readmeBuildsAsAUsersPackage() async throws {
    let markdown = try String(contentsOf: READMESnippetTests.readme, encoding: .utf8)
    let (app, tests) = try Self.installedProducts(in: markdown)
    var sources: [Place: [String]] = [:]
    for block in READMESnippetTests.swiftBlocks(in: markdown) {
      sources[Self.place(of: block), default: []].append(block)
    }

    let files = FileManager.default
    let root = Self.checkout.appendingPathComponent(".build/readme-package")
    // The dependency's directory name is its package identity: the README says
    // `package: "composable-sensors"`, whatever the checkout's directory is called.
    let link = root.appendingPathComponent("composable-sensors")
    let package = root.appendingPathComponent("MyApp")
    try files.createDirectory(at: root, withIntermediateDirectories: true)
    if (try? files.destinationOfSymbolicLink(atPath: link.path)) != Self.checkout.path {
      try? files.removeItem(at: link)
      try files.createSymbolicLink(at: link, withDestinationURL: Self.checkout)
    }
    let written: [(String, String)] = [
      ("Package.swift", Self.manifest(app: app, tests: tests, dependency: link.path)),
      (
        "Sources/MyApp/README.swift",
        Self.imports(app) + (sources[.app] ?? []).joined(separator: "\n") + "\n"
      ),
      (
        "Sources/MyAppSamples/README.swift",
        Self.imports(app + ["SensorsSampleData"])
          + (sources[.samples] ?? []).joined(separator: "\n")
          + "\n"
      ),
      (
        "Tests/MyAppTests/README.swift",
        "@testable import MyApp\n" + Self.imports(app + tests + ["Testing"])
          + (sources[.tests] ?? []).joined(separator: "\n") + "\n"
      ),
    ]
    for (path, text) in written {
      let url = package.appendingPathComponent(path)
      try files.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      // Unchanged files keep their dates, so a rebuild is incremental.
      if (try? String(contentsOf: url, encoding: .utf8)) != text {
        try text.write(to: url, atomically: true, encoding: .utf8)
      }
    }

    // SwiftPM keeps the build description of a local dependency between builds: a source file
    // of the checkout added, deleted or moved since the last build here is missed ("cannot find
    // type", "missing inputs"). So the user's package builds afresh whenever the checkout's list
    // of source files differs from the one it last built with.
    let sourceList = root.appendingPathComponent("source-files.txt")
    let currentList = Self.sourceFiles(in: Self.checkout).joined(separator: "\n")
    if (try? String(contentsOf: sourceList, encoding: .utf8)) != currentList {
      try? files.removeItem(at: package.appendingPathComponent(".build"))
      try currentList.write(to: sourceList, atomically: true, encoding: .utf8)
    }
    let outcome = try await Self.swiftBuild(package: package)
    #expect(outcome.status == 0, "swift build failed in \(package.path):\n\(outcome.output)")
    let warnings = outcome.output.split(separator: "\n").filter { $0.contains(": warning: ") }
    #expect(warnings.isEmpty, "the README's code warns:\n\(warnings.joined(separator: "\n"))")
  }

  /// The paths of the checkout's source files under `Sources/`, sorted.
  static func sourceFiles(in checkout: URL) -> [String] {
    let sources = checkout.appendingPathComponent("Sources")
    let enumerator = FileManager.default.enumerator(atPath: sources.path)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String { paths.append(path) }
    return paths.sorted()
  }

  /// Runs `swift build --build-tests` in `package` on a thread of its own (it takes minutes on a
  /// cold cache), killing it after 30 minutes.
  static func swiftBuild(package: URL) async throws -> (status: Int32, output: String) {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "build", "--build-tests", "--package-path", package.path]
            process.currentDirectoryURL = package
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let watchdog = DispatchWorkItem { [process] in
              if process.isRunning { process.terminate() }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 1800, execute: watchdog)
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            watchdog.cancel()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
          })
      }.start()
    }
  }
}
