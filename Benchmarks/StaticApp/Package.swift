// swift-tools-version: 6.0
// An app that links every runtime library product of composable-sensors, and a variant that also
// links the opt-in ComposableSensorsFoundation, to measure what the package costs a statically
// linked binary on a small board. Built by scripts/static-size.

import PackageDescription

let package = Package(
  name: "static-app",
  dependencies: [.package(name: "composable-sensors", path: "../..")],
  targets: [
    .target(
      name: "StaticAppCore",
      dependencies: [
        .product(name: "ComposableStore", package: "composable-sensors"),
        .product(name: "LinuxIIO", package: "composable-sensors"),
        .product(name: "GPSD", package: "composable-sensors"),
        .product(name: "ComposableMotion", package: "composable-sensors"),
        .product(name: "ComposableLocation", package: "composable-sensors"),
      ]
    ),
    .executableTarget(name: "static-app", dependencies: ["StaticAppCore"]),
    // The same, plus the opt-in Foundation conveniences (FoundationEssentials, no ICU).
    .executableTarget(
      name: "static-app-foundation",
      dependencies: [
        "StaticAppCore",
        .product(name: "ComposableSensorsFoundation", package: "composable-sensors"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
