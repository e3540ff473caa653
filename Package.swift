// swift-tools-version: 6.0
// composable-sensors: Core Motion and Core Location, the Composable Architecture way, on Linux.
// No package dependencies: the Swift toolchain only.

import PackageDescription

let package = Package(
  name: "composable-sensors",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ComposableStore", targets: ["ComposableStore"]),
    .library(name: "LinuxIIO", targets: ["LinuxIIO"]),
    .library(name: "GPSD", targets: ["GPSD"]),
    .library(name: "Geomagnetism", targets: ["Geomagnetism"]),
    .library(name: "DBus", targets: ["DBus"]),
    .library(name: "ComposableMotion", targets: ["ComposableMotion"]),
    .library(name: "ComposableLocation", targets: ["ComposableLocation"]),
    .library(name: "ComposableSensorsFoundation", targets: ["ComposableSensorsFoundation"]),
    .library(name: "ComposableSensorsTesting", targets: ["ComposableSensorsTesting"]),
    .library(name: "SensorsTestKit", targets: ["SensorsTestKit"]),
    .library(name: "SensorsSampleData", targets: ["SensorsSampleData"]),
    .executable(name: "sensors-demo", targets: ["sensors-demo"]),
    .executable(name: "imu-fuse", targets: ["imu-fuse"]),
  ],
  targets: [
    // Shared by every layer: tiny, standard library, Glibc and Dispatch only (AnyHashableSendable,
    // threads, PollSet, SilenceWatchdog, BlockingQueue).
    .target(name: "SensorsCore"),
    // Layer 0: hardware and protocol access, no reducer knowledge.
    .target(name: "LinuxIIO", dependencies: ["SensorsCore"]),
    .target(name: "GPSD", dependencies: ["SensorsCore"]),
    // The World Magnetic Model and the compass seam both clients share: pure functions, no I/O.
    .target(name: "Geomagnetism", dependencies: ["SensorsCore"]),
    // A small D-Bus client (GeoClue, iio-sensor-proxy): wire format, EXTERNAL auth, calls, signals.
    .target(name: "DBus", dependencies: ["SensorsCore"]),
    // Layer 1: the reducer runtime.
    .target(name: "ComposableStore", dependencies: ["SensorsCore"]),
    // Layer 2: clients built on layer 0, with effect helpers from the reducer runtime.
    .target(
      name: "ComposableMotion",
      dependencies: ["SensorsCore", "ComposableStore", "LinuxIIO", "Geomagnetism", "DBus"]),
    .target(
      name: "ComposableLocation",
      dependencies: ["SensorsCore", "ComposableStore", "GPSD", "Geomagnetism", "DBus"]),
    // Opt-in Foundation conveniences (URL, Data): the library modules above keep Foundation out
    // of apps, which saves about 12 MB in a static binary.
    .target(
      name: "ComposableSensorsFoundation",
      dependencies: ["ComposableStore", "ComposableMotion", "ComposableLocation"]),
    // Test support, linked only by test targets (like swift-nio's NIOTestUtils). The kit needs no
    // client (TestClock, ImmediateClock, ScriptedStream, issue reporting), so every layer's tests
    // can use it; ComposableSensorsTesting re-exports it and adds TestStore and the clients.
    .target(name: "SensorsTestKit", dependencies: ["SensorsCore"]),
    .target(
      name: "ComposableSensorsTesting",
      dependencies: [
        "SensorsTestKit", "ComposableStore", "ComposableMotion", "ComposableLocation",
        "ComposableSensorsFoundation",
      ]
    ),
    // Real recordings and umockdev device descriptions, as resources users can import.
    .target(
      name: "SensorsSampleData", dependencies: ["ComposableMotion", "ComposableSensorsFoundation"], resources: [.copy("Resources")]),
    // Helpers shared by the test targets (tags, waits, sysfs trees, child processes, gpsfake, the
    // capture oracle): not a product.
    .target(
      name: "SensorsTestSupport", dependencies: ["DBus", "LinuxIIO", "ComposableLocation"], path: "Tests/SensorsTestSupport",
      resources: [.copy("Fixtures")]),
    // Tools.
    .executableTarget(name: "imu-fuse", dependencies: ["ComposableMotion", "ComposableSensorsFoundation", "Geomagnetism"]),
    // The sample app: features (reducers) in a library so tests can use them, and a thin executable.
    .target(
      name: "SensorsDemoFeatures",
      dependencies: [
        "ComposableStore", "ComposableMotion", "ComposableLocation", "LinuxIIO", "SensorsSampleData",
        "ComposableSensorsFoundation", "Geomagnetism",
      ],
      path: "Examples/SensorsDemo/Sources/SensorsDemoFeatures"
    ),
    .executableTarget(
      name: "sensors-demo",
      dependencies: ["SensorsDemoFeatures"],
      path: "Examples/SensorsDemo/Sources/sensors-demo"
    ),

    // A small app written against the public API only, with its tests (Examples/BikeComputer).
    .target(
      name: "BikeComputer",
      dependencies: [
        "ComposableStore", "ComposableMotion", "ComposableLocation", "ComposableSensorsFoundation",
      ],
      path: "Examples/BikeComputer/Sources/BikeComputer"),
    .testTarget(
      name: "BikeComputerTests",
      dependencies: [
        "BikeComputer", "ComposableSensorsTesting", "SensorsSampleData", "ComposableStore",
        "ComposableMotion", "ComposableLocation",
      ],
      path: "Examples/BikeComputer/Tests/BikeComputerTests"),

    .testTarget(name: "ComposableStoreTests", dependencies: ["ComposableStore", "ComposableSensorsTesting", "SensorsTestSupport"]),
    .testTarget(name: "ComposableSensorsTestingTests", dependencies: ["ComposableSensorsTesting", "SensorsTestSupport"]),
    .testTarget(name: "SensorsCoreTests", dependencies: ["SensorsCore", "SensorsTestKit"]),
    .testTarget(name: "LinuxIIOTests", dependencies: ["LinuxIIO", "SensorsTestKit", "SensorsTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "GeomagnetismTests", dependencies: ["Geomagnetism"], resources: [.copy("Fixtures")]),
    .testTarget(name: "DBusTests", dependencies: ["DBus", "SensorsTestKit", "SensorsTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "GPSDTests", dependencies: ["GPSD", "SensorsTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "GPSDIntegrationTests", dependencies: ["GPSD", "ComposableLocation", "SensorsTestKit", "SensorsTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "ComposableMotionTests", dependencies: ["ComposableMotion", "ComposableSensorsTesting", "imu-fuse", "SensorsTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ComposableLocationTests",
      dependencies: ["ComposableLocation", "ComposableSensorsTesting", "SensorsTestSupport"], resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "READMETests",
      dependencies: [
        "ComposableStore", "ComposableMotion", "ComposableLocation", "ComposableSensorsTesting",
        "SensorsSampleData", "SensorsTestSupport",
      ]
    ),
    .testTarget(
      name: "SensorsDemoTests",
      dependencies: [
        "SensorsDemoFeatures", "ComposableSensorsTesting", "sensors-demo", "SensorsTestSupport",
        "Geomagnetism",
      ],
      path: "Examples/SensorsDemo/Tests/SensorsDemoTests",
      resources: [.copy("Fixtures")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
