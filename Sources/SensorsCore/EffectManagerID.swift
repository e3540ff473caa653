import Synchronization

/// The manager id an updates effect really uses: the caller's id plus a number unique to this run
/// of the effect, so every run owns its manager.
///
/// `.cancellable(id:cancelInFlight: true)` cancels the old run and starts the new one at once;
/// the old run then stops and destroys its manager while the new one creates its own. Were both
/// keyed by the caller's id alone, the old run's late `destroy` could end the new run's manager.
package struct EffectManagerID: Hashable, Sendable, CustomStringConvertible {
  /// The id the caller gave the effect.
  package let id: AnyHashableSendable
  /// Which run of an effect this is: unique in the process.
  package let run: UInt64

  /// A new run's id for the caller's `id`.
  package static func nextRun(of id: AnyHashableSendable) -> AnyHashableSendable {
    let run = effectRuns.add(1, ordering: .relaxed).newValue
    return AnyHashableSendable(EffectManagerID(id: id, run: run))
  }

  /// The caller's id, then the run: "ManagerID() (effect run 3)".
  package var description: String { "\(id) (effect run \(run))" }
}

/// Counts the runs of every updates effect in the process (wrapping after 2^64 runs).
private let effectRuns = Atomic<UInt64>(0)
