public import ComposableStore

extension Dependency {
  /// The dependency at `keyPath`, cast to the concrete type a test set it to
  /// (swift-dependencies' test-support `@Dependency(_:as:)`).
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.continuousClock = TestClock() })
  /// struct TimerTests {
  ///   @Dependency(\.continuousClock, as: TestClock.self) var clock
  ///   …
  /// }
  /// ```
  ///
  /// Reading it where the dependency is not a `Value` stops the process with a message naming
  /// both types, as upstream does: it is a mistake in the test, not a condition to handle.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency, as for `@Dependency(\.name)`.
  ///   - type: The concrete type to read it as.
  public init<Existential>(
    _ keyPath: KeyPath<DependencyValues, Existential> & Sendable,
    as type: Value.Type
  ) {
    self.init(reading: { values in
      let existential = values[keyPath: keyPath]
      guard let value = existential as? Value else {
        fatalError(
          castFailure(existential, to: Value.self, override: "$0.\(propertyName(keyPath))"))
      }
      return value
    })
  }

  /// The dependency registered with `key`, cast to the concrete type a test set it to
  /// (swift-dependencies' test-support `@Dependency(_:as:)`); see `init(_:as:)` with a key
  /// path.
  ///
  /// - Parameters:
  ///   - key: The dependency's key type.
  ///   - type: The concrete type to read it as.
  public init<Key: TestDependencyKey & SendableMetatype>(_ key: Key.Type, as type: Value.Type) {
    self.init(reading: { values in
      let existential = values[Key.self]
      guard let value = existential as? Value else {
        fatalError(castFailure(existential, to: Value.self, override: "$0[\(Key.self).self]"))
      }
      return value
    })
  }
}

/// `keyPath` as written after `$0.`: `\DependencyValues.client` gives `client`.
private func propertyName(_ keyPath: AnyKeyPath) -> String {
  let path = "\(keyPath)"
  let root = "\\DependencyValues."
  return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
}

/// swift-dependencies' text for a failed `@Dependency(_:as:)` cast.
private func castFailure(_ existential: Any, to concrete: Any.Type, override: String) -> String {
  """
  Could not cast '\(type(of: existential))' to '\(concrete)'. Make sure to override the \
  dependency in your test or suite traits:

    @Suite(
      .dependencies {
        \(override) = \(concrete)(/* ... */)
      }
    )
  """
}
