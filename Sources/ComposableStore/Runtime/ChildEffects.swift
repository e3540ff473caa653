/// Which child a composed reducer's effects belong to, so they can be cancelled together when the
/// child goes away (an `ifLet` state becoming `nil`, an element leaving a `forEach` array) and so
/// two children's cancellation ids never collide.
///
/// `site` names the composing reducer by where it is written; `identity` tells apart the children
/// one reducer runs (an element's id, an `Identifiable` child's id).
@usableFromInline
struct ChildEffectsID: Hashable, Sendable {
  let site: String
  let identity: AnyHashableSendable?

  @usableFromInline
  init(site: String, identity: AnyHashableSendable?) {
    self.site = site
    self.identity = identity
  }
}

/// A cancellation id a child effect used, qualified by the children it is nested in, outermost
/// first: `.cancel(id: CancelID.timer)` in one list row never stops another row's timer.
struct ScopedCancelID: Hashable, Sendable {
  let path: [ChildEffectsID]
  let id: AnyHashableSendable

  /// `id` as seen one level further out, from the parent of `child`.
  static func qualify(_ id: AnyHashableSendable, in child: ChildEffectsID) -> AnyHashableSendable {
    if let scoped = id.base as? ScopedCancelID {
      return AnyHashableSendable(ScopedCancelID(path: [child] + scoped.path, id: scoped.id))
    }
    return AnyHashableSendable(ScopedCancelID(path: [child], id: id))
  }
}

/// The id of `value` if it is `Identifiable`, to tell one child from its replacement.
@usableFromInline
func identity<Value>(of value: Value) -> AnyHashableSendable? {
  // Decided by type, so a non-identifiable child costs no dynamic cast per action.
  guard Value.self is any Identifiable.Type, let identifiable = value as? any Identifiable else {
    return nil
  }
  return childIdentity(of: identifiable)
}

private func childIdentity<T: Identifiable>(of value: T) -> AnyHashableSendable {
  AnyHashableSendable(ChildIdentity(value.id))
}

/// A child state's `Identifiable.id`, which generic code cannot prove `Sendable`.
///
/// It is sendable in every store: the id is a stored part of the child state, the child state is
/// stored in the store's state, `Store` and `TestStore` require their `State` to be `Sendable`,
/// and Swift 6 checks that every stored property of a `Sendable` type is `Sendable`. The id only
/// matters inside a store (it names effects to cancel), and it is only hashed and compared.
private struct ChildIdentity: Hashable, @unchecked Sendable {
  let id: AnyHashable

  init(_ id: some Hashable) {
    self.id = AnyHashable(id)
  }
}

extension Effect {
  /// This child effect as its parent runs it: every cancellation id it uses is qualified by
  /// `child`, and the whole effect is cancellable with `child`.
  @usableFromInline
  func scoped(to child: ChildEffectsID) -> Self {
    if case .none = operation { return self }
    return Self(
      operation: .cancellable(
        id: AnyHashableSendable(child), cancelInFlight: false, qualifyingIDs(in: child)))
  }

  private func qualifyingIDs(in child: ChildEffectsID) -> Self {
    switch operation {
    case .none, .send:
      return self
    case .run(let run):
      return Self(operation: .run(run.inCancellationPath(child)))
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.qualifyingIDs(in: child) }))
    case .concatenate(let effects):
      return Self(operation: .concatenate(effects.map { $0.qualifyingIDs(in: child) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        operation: .cancellable(
          id: ScopedCancelID.qualify(id, in: child), cancelInFlight: cancelInFlight,
          effect.qualifyingIDs(in: child)))
    case .cancel(let id):
      return Self(operation: .cancel(id: ScopedCancelID.qualify(id, in: child)))
    }
  }
}

extension Effect.Run {
  /// This run with `child` appended to the cancellation path while its operation and handler
  /// run, so `Task.cancel(id:)` inside it qualifies ids as the child's effects do.
  fileprivate func inCancellationPath(_ child: ChildEffectsID) -> Self {
    let operation = self.operation
    var handler = self.handler
    if let original = handler {
      handler = { error, send in
        await CancellationPath.$current.withValue(CancellationPath.current + [child]) {
          await original(error, send)
        }
      }
    }
    return Self(
      priority: priority,
      operation: { send in
        try await CancellationPath.$current.withValue(CancellationPath.current + [child]) {
          try await operation(send)
        }
      },
      handler: handler, fileID: fileID, line: line)
  }
}
