/// State shown briefly and dismissed by the first action it sends, with no logic of its own: TCA's
/// marker for alerts and confirmation dialogs, kept under TCA's name.
///
/// An ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,ChildAction>,_,_,_,_,_)``
/// whose child state conforms sets it to `nil` after any child action, unless the parent replaced
/// it, while handling that action, with one of another `id` (an `Identifiable` state made anew
/// each time it is shown, as TCA's `AlertState` is); such a child needs no reducer:
///
/// ```swift
/// struct Prompt: _EphemeralState, Identifiable, Equatable, Sendable {
///   enum Action: Equatable, Sendable { case retry, dismiss }
///   let id: UniqueID
///   var message: String
/// }
/// enum Action { case prompt(Prompt.Action), failed }
/// Reduce { state, action in … }
///   .ifLet(\.prompt, action: /Action.prompt)
/// ```
///
/// The conformance is read from the child state's type. TCA also recognises an enum case whose
/// payload is ephemeral (a destination's `.alert` case) by reading enum metadata; this package
/// does not (see DifferencesFromTCA).
public protocol _EphemeralState<Action> {
  /// The actions the state's buttons send.
  associatedtype Action
}
