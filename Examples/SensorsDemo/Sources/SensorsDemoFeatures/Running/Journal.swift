import ComposableStore

/// A feature's state together with the recent actions it handled and the state after each, so
/// plain-line and JSON output can be written from `store.states`, outside the reducer.
///
/// The store hands observers only the newest state (intermediate ones are skipped when the
/// observer is slow), so each state carries the last ``capacity`` entries with a running
/// sequence number: the writer prints every entry newer than the last one it printed, and says
/// how many it missed if it fell more than ``capacity`` behind. Memory stays bounded.
struct Journaled<State: Sendable, Action: Sendable>: Sendable {
  /// One handled action and the feature's state right after it.
  struct Entry: Sendable {
    var sequence: Int
    var action: Action
    var state: State
  }

  /// How many entries a state keeps.
  static var capacity: Int { 256 }

  /// The feature's state.
  var feature: State
  /// The latest entries, oldest first; empty when the run does not write lines.
  var entries: [Entry] = []
  /// The sequence number of the latest action handled.
  var sequence = 0
}

/// Runs a feature's reducer and, when `records` is set, appends each action and the state after
/// it to the journal. Nothing is formatted or written here: that happens in the runner's
/// `store.states` loop.
struct JournalReducer<Base: Reducer>: Reducer where Base.State: Sendable, Base.Action: Sendable {
  let base: Base
  let records: Bool

  func reduce(into state: inout Journaled<Base.State, Base.Action>, action: Base.Action)
    -> Effect<Base.Action>
  {
    let effect = base.reduce(into: &state.feature, action: action)
    state.sequence += 1
    if records {
      state.entries.append(.init(sequence: state.sequence, action: action, state: state.feature))
      let excess = state.entries.count - Journaled<Base.State, Base.Action>.capacity
      if excess > 0 { state.entries.removeFirst(excess) }
    }
    return effect
  }
}
