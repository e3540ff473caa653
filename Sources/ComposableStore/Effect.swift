/// The work a reducer asks the store to do after it changed the state: nothing, feed an action
/// back, or run asynchronous code that sends actions over time.
///
/// An effect is a value: the reducer returns it and the ``Store`` runs it. Build effects with
/// ``none``, ``send(_:)``, ``run(priority:operation:catch:fileID:line:)``, and combine them with
/// ``merge(_:)-(Effect<Action>...)``, ``concatenate(_:)-(Effect<Action>...)``, ``map(_:)``,
/// ``cancellable(id:cancelInFlight:)`` and ``cancel(id:)``.
///
/// ```swift
/// case .startButtonTapped:
///   return .run { send in
///     for try await sample in motion.accelerometerUpdates(id) {
///       await send(.accelerometer(sample))
///     }
///   }
///   .cancellable(id: CancelID.motion, cancelInFlight: true)
/// ```
///
/// ## Debouncing
///
/// Debounce the way The Composable Architecture does: sleep on an injected clock inside `run`, and
/// make the effect cancellable with `cancelInFlight: true`, so every new action cancels the sleep
/// of the one before it. Only the last action of a burst outlives its sleep:
///
/// ```swift
/// case let .queryChanged(query):
///   state.query = query
///   return .run { send in
///     try await clock.sleep(for: .milliseconds(300))
///     await send(.search(query))
///   }
///   .cancellable(id: CancelID.search, cancelInFlight: true)
/// ```
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline
  let operation: Operation

  @inlinable
  init(operation: Operation) {
    self.operation = operation
  }

  /// The tree the store interprets. `send` stays a plain value (not a task) so the store can feed
  /// it back synchronously, in order, with no task hop.
  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: AnyHashableSendable, cancelInFlight: Bool, Effect)
    case cancel(id: AnyHashableSendable)
  }

  /// The asynchronous part of an effect, with what is needed to report an unhandled error.
  @usableFromInline
  struct Run: Sendable {
    let priority: TaskPriority?
    let operation: @Sendable (Send<Action>) async throws -> Void
    let handler: (@Sendable (any Error, Send<Action>) async -> Void)?
    let fileID: StaticString
    let line: UInt
  }
}

extension Effect {
  /// Whether this is `.none`: the common case, checked before any other work.
  @inlinable
  var isNone: Bool {
    if case .none = operation { true } else { false }
  }

  /// An effect that does nothing and completes at once.
  @inlinable
  public static var none: Self { Self(operation: .none) }

  /// An effect that feeds `action` back into the store right after the current action, before
  /// anything an asynchronous effect sends later.
  ///
  /// Prefer calling shared logic directly in the reducer; use this to reuse an action's handling.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs `operation` in a new task and lets it send actions back with `send`.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `operation`.
  ///   - operation: The work. Call `await send(action)` to feed actions to the store; after the
  ///     effect is cancelled, `send` drops actions instead of delivering them.
  ///   - handler: Receives any error `operation` throws, except a cancellation. Without a handler
  ///     such an error is reported as a runtime warning on standard error (and fails a test under
  ///     `TestStore`), because effects should model failures as actions.
  ///   - fileID: Where the effect was created, for the unhandled-error report.
  ///   - line: The line where the effect was created, for the unhandled-error report.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    // The effect keeps the dependencies of the reducer that returned it (swift-dependencies'
    // escaping): bound again inside its task, whatever runs the task.
    guard let dependencies = DependencyScope.current else {
      return Self(
        operation: .run(
          Run(
            priority: priority, operation: operation, handler: handler, fileID: fileID, line: line)
        )
      )
    }
    var boundHandler: (@Sendable (any Error, Send<Action>) async -> Void)?
    if let handler {
      boundHandler = { error, send in await dependencies.bind { await handler(error, send) } }
    }
    let boundOperation: @Sendable (Send<Action>) async throws -> Void = { send in
      try await dependencies.bind { try await operation(send) }
    }
    return Self(
      operation: .run(
        Run(
          priority: priority, operation: boundOperation, handler: boundHandler, fileID: fileID,
          line: line)
      )
    )
  }

  /// An effect that runs every effect in `effects` at the same time.
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// An effect that runs every effect in `effects` at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let children = effects.filter { if case .none = $0.operation { false } else { true } }
    switch children.count {
    case 0: return .none
    case 1: return children[0]
    default: return Self(operation: .merge(children))
    }
  }

  /// An effect that runs the effects in `effects` one after another, each starting once the one
  /// before it has completed.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs the effects in `effects` one after another, each starting once the one
  /// before it has completed.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let children = effects.filter { if case .none = $0.operation { false } else { true } }
    switch children.count {
    case 0: return .none
    case 1: return children[0]
    default: return Self(operation: .concatenate(children))
    }
  }

  /// This effect, run at the same time as `other`.
  @inlinable
  public func merge(with other: Self) -> Self {
    // The common case in composed reducers is `.none`; skip building an array for it.
    if case .none = operation { return other }
    if case .none = other.operation { return self }
    return Self(operation: .merge([self, other]))
  }

  /// This effect, then `other` once this one has completed.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    if case .none = operation { return other }
    if case .none = other.operation { return self }
    return Self(operation: .concatenate([self, other]))
  }
}
