// swift-tools-version: 6.0
// libFuzzer harnesses for LinuxIIO's parsers and demultiplexer. Not part of the main package:
// build with `Fuzz/run` (swift build -Xswiftc -sanitize=fuzzer,address), see README.md.

import PackageDescription

let package = Package(
  name: "composable-sensors-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "composable-sensors", path: "..")],
  targets: [
    .executableTarget(
      name: "ScanTypeFuzzer",
      dependencies: [.product(name: "LinuxIIO", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "DemuxFuzzer",
      dependencies: [.product(name: "LinuxIIO", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "GPSDFuzzer",
      dependencies: [.product(name: "GPSD", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "IMURecordingFuzzer",
      dependencies: [.product(name: "ComposableMotion", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "LocationReplayFuzzer",
      dependencies: [.product(name: "ComposableLocation", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "FilterFuzzer",
      dependencies: [.product(name: "ComposableMotion", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)
