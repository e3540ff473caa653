/// How strictly a ``TestStore`` checks the feature.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every action effects send must be received, and every
  /// effect must end before the test does. The default: nothing the feature does goes unseen.
  case on
  /// Integration style: assertions check only what they mention, received actions that are not
  /// asserted are skipped, and effects may outlive the test (they are cancelled with the store).
  case off
}
