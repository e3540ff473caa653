// swift-tools-version: 6.0
// Benchmarks for composable-sensors. A separate package so the library never depends on a harness.
// Run one with: swift run -c release --package-path Benchmarks store-benchmark

import PackageDescription

let package = Package(
  name: "composable-sensors-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "composable-sensors", path: "..")],
  targets: [
    .executableTarget(
      name: "store-benchmark",
      dependencies: [.product(name: "ComposableStore", package: "composable-sensors")]
    ),
    .executableTarget(
      name: "gpsd-benchmark",
      dependencies: [.product(name: "GPSD", package: "composable-sensors")]
    ),
    .executableTarget(
      name: "gpsd-conformance",
      dependencies: [.product(name: "GPSD", package: "composable-sensors")]
    ),
    .executableTarget(
      name: "geodesic-conformance",
      dependencies: [.product(name: "ComposableLocation", package: "composable-sensors")]
    ),
    .executableTarget(
      name: "iio-benchmark",
      dependencies: [
        .product(name: "LinuxIIO", package: "composable-sensors"),
        .product(name: "ComposableMotion", package: "composable-sensors"),
      ]
    ),
    .executableTarget(
      name: "motion-pipeline-benchmark",
      dependencies: [
        .product(name: "ComposableMotion", package: "composable-sensors"),
        .product(name: "ComposableStore", package: "composable-sensors"),
      ]
    ),
    .executableTarget(
      name: "file-storage-benchmark",
      dependencies: [
        .product(name: "ComposableStore", package: "composable-sensors"),
        .product(name: "ComposableSensorsFoundation", package: "composable-sensors"),
      ]
    ),
    .executableTarget(
      name: "fusion-benchmark",
      dependencies: [.product(name: "ComposableMotion", package: "composable-sensors")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
