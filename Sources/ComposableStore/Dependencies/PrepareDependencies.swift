import Synchronization

/// Sets the defaults of dependencies for the rest of the process (or of the values bound here),
/// before anything reads them: swift-dependencies' `prepareDependencies`, for an app's entry
/// point.
///
/// ```swift
/// @main struct SensorsApp {
///   static func main() async {
///     prepareDependencies {
///       $0.motionClient = .live(hub: hub)
///     }
///     …
///   }
/// }
/// ```
///
/// Unlike ``withDependencies(_:operation:)-(_,()->Result)``, which overrides for one operation,
/// what `updateValues` sets becomes the default every later reader of these values gets, in
/// every task: the process's defaults where nothing is bound, else those of the bound values
/// (a test store's, or a `.dependencies` test trait's, so a test prepares its own). Setting
/// `context` sets the context of those values. A dependency can be prepared once and only
/// before it is read: otherwise the issue "@Dependency(\.name) has already been accessed or
/// prepared." is reported and the earlier value stays (a preview may be prepared again).
///
/// - Parameter updateValues: Sets the dependencies to prepare; it may read one to change it.
/// - Returns: What `updateValues` returns.
@discardableResult
public func prepareDependencies<Result>(
  _ updateValues: (inout DependencyValues) throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  let preparation = DependencyPreparation.next.add(1, ordering: .relaxed).newValue
  return try DependencyResolution.$isUpdating.withValue(true) {
    try DependencyResolution.$preparation.withValue(preparation) {
      try updateValues(&values)
    }
  }
}

/// Numbers the `prepareDependencies` calls, so that a call may set what it made itself.
private enum DependencyPreparation {
  static let next = Atomic<UInt64>(0)
}
