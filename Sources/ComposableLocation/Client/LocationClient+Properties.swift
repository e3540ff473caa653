import Geomagnetism

extension LocationClient {
  /// Settings of a location manager; a `nil` field leaves that setting unchanged.
  public struct Properties: Hashable, Sendable {
    /// Fixes worse than this are not delivered; ``LocationAccuracy/best`` (the default) accepts all.
    public var desiredAccuracy: LocationAccuracy?
    /// Minimum movement between delivered fixes, metres; 0 (the default) delivers every fix.
    public var distanceFilter: Double?
    /// Minimum change between delivered headings, degrees (default 1).
    public var headingFilter: Double?
    /// The device orientation compass headings are measured for, Core Location's
    /// `headingOrientation` (default `HeadingOrientation.portrait`). Changing it while
    /// headings run restarts the compass for the new orientation.
    public var headingOrientation: HeadingOrientation?

    /// Creates settings; distances in metres, angles in degrees.
    public init(
      desiredAccuracy: LocationAccuracy? = nil, distanceFilter: Double? = nil,
      headingFilter: Double? = nil, headingOrientation: HeadingOrientation? = nil
    ) {
      self.desiredAccuracy = desiredAccuracy
      self.distanceFilter = distanceFilter
      self.headingFilter = headingFilter
      self.headingOrientation = headingOrientation
    }
  }
}
