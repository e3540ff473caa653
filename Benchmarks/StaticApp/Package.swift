// swift-tools-version: 6.0
// An app that links every runtime library product of composable-sensors, to measure what the
// package costs a statically linked binary on a small board. Built by scripts/static-size.

import PackageDescription

let package = Package(
  name: "static-app",
  dependencies: [.package(name: "composable-sensors", path: "../..")],
  targets: [
    .executableTarget(
      name: "static-app",
      dependencies: [
        .product(name: "ComposableStore", package: "composable-sensors"),
        .product(name: "LinuxIIO", package: "composable-sensors"),
        .product(name: "GPSD", package: "composable-sensors"),
        .product(name: "ComposableMotion", package: "composable-sensors"),
        .product(name: "ComposableLocation", package: "composable-sensors"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
