extension Effect {
  /// Transforms every action this effect sends with `transform`.
  ///
  /// ``Scope`` uses this to lift a child feature's effects into the parent's action type.
  public func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let run):
      return Effect<T>(operation: .run(run.map(transform)))
    case .merge(let effects):
      return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<T>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform))
      )
    case .cancel(let id):
      return Effect<T>(operation: .cancel(id: id))
    }
  }
}

extension Effect.Run {
  func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T>.Run {
    let operation = self.operation
    let mappedOperation: @Sendable (Send<T>) async throws -> Void = { send in
      try await operation(send.pulled(back: transform))
    }
    var mappedHandler: (@Sendable (any Error, Send<T>) async -> Void)?
    if let handler {
      mappedHandler = { error, send in await handler(error, send.pulled(back: transform)) }
    }
    return Effect<T>.Run(
      priority: priority, operation: mappedOperation, handler: mappedHandler,
      fileID: fileID, line: line
    )
  }
}

extension Send {
  /// A sender of `Child` actions that transforms them into this sender's actions.
  func pulled<Child: Sendable>(back transform: @escaping @Sendable (Child) -> Action) -> Send<Child>
  {
    Send<Child> { child in await self.send(transform(child)) }
  }
}
