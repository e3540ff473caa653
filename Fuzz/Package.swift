// swift-tools-version: 6.0
// libFuzzer harnesses for LinuxIIO's parsers and demultiplexer. Not part of the main package:
// build with `Fuzz/run` (swift build -Xswiftc -sanitize=fuzzer,address), see README.md.

import PackageDescription

let package = Package(
  name: "composable-sensors-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "composable-sensors", path: "..")],
  targets: [
    // The entry point every harness shares: libFuzzer's driver run on the harness's target.
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "ScanTypeFuzzer",
      dependencies: ["FuzzDriver", .product(name: "LinuxIIO", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "DemuxFuzzer",
      dependencies: ["FuzzDriver", .product(name: "LinuxIIO", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "GPSDFuzzer",
      dependencies: ["FuzzDriver", .product(name: "GPSD", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "DBusFuzzer",
      dependencies: ["FuzzDriver", .product(name: "DBus", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "IMURecordingFuzzer",
      dependencies: [
        "FuzzDriver", .product(name: "ComposableMotion", package: "composable-sensors"),
      ],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "LocationReplayFuzzer",
      dependencies: [
        "FuzzDriver", .product(name: "ComposableLocation", package: "composable-sensors"),
      ],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "IIODFuzzer",
      dependencies: ["FuzzDriver", .product(name: "LinuxIIO", package: "composable-sensors")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "FilterFuzzer",
      dependencies: [
        "FuzzDriver", .product(name: "ComposableMotion", package: "composable-sensors"),
      ],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)
