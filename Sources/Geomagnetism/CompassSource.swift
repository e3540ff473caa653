/// Where compass readings come from: the seam between the module that has a magnetometer
/// (ComposableMotion, `CompassSource.deviceMotion(_:id:epoch:)`) and the one that reports
/// headings (ComposableLocation, `LocationClient.Configuration.compass`), so neither imports
/// the other. A test builds one from a scripted stream.
///
/// ```swift
/// let compass = CompassSource { orientation in
///   AsyncThrowingStream { continuation in
///     continuation.yield(
///       CompassReading(magneticHeading: 90, headingAccuracy: 5, x: 0, y: -20, z: -40,
///         timestamp: Timestamp(timeIntervalSince1970: 0)))
///     continuation.finish()
///   }
/// }
/// ```
public struct CompassSource: Sendable {
  /// Starts readings for a device orientation; they stop when the consumer stops iterating
  /// (cancelled or released). Each call is a new subscription.
  public var readings:
    @Sendable (HeadingOrientation) -> AsyncThrowingStream<CompassReading, any Error>

  /// A source from its readings.
  public init(
    readings:
      @escaping @Sendable (HeadingOrientation) -> AsyncThrowingStream<
        CompassReading, any Error
      >
  ) {
    self.readings = readings
  }
}
