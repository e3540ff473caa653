import Synchronization

/// The cheapest possible serialised counter: a lock around an integer. The floor under any
/// lock-based store.
final class LockedCounter: Sendable {
  private let count = Mutex(0)
  func send() { count.withLock { $0 &+= 1 } }
  var value: Int { count.withLock { $0 } }
}

/// A store isolated by its own actor: every send from outside is an actor hop.
actor ActorCounter {
  private(set) var count = 0
  func send() { count &+= 1 }
}

/// A store isolated to the main actor, as The Composable Architecture's is: every send from a
/// background task (a sensor effect) hops to the main thread and back.
@MainActor
final class MainActorCounter {
  private(set) var count = 0
  func send() { count &+= 1 }
}
