prefix operator /

/// CasePaths' pre-macro spelling of ``ActionPath/init(_:)``, `/Action.child`, so a reducer
/// written for TCA before case key paths compiles as it is:
///
/// ```swift
/// .ifLet(\.child, action: /Action.child) { Child() }
/// .ifCaseLet(/State.loaded, action: /Action.loaded) { Loaded() }
/// ```
///
/// - Parameter embed: The enum case (its constructor) the path leads into.
/// - Returns: The path, extracting by reflection as ``ActionPath/init(_:)`` does.
public prefix func / <Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> ActionPath<Root, Value> {
  ActionPath(embed)
}

/// CasePaths' `/Action.case` for a case without a payload (`/Action.onAppear`), as TCA 1.0–1.3
/// tests receive it: `await store.receive(/Action.onAppear)`.
///
/// - Parameter case: The case the path leads to.
/// - Returns: The path whose `embed` builds `case` and whose `extract` matches it by `==`.
public prefix func / <Root: Equatable & Sendable>(case: Root) -> ActionPath<Root, Void> {
  ActionPath(embed: { `case` }, extract: { $0 == `case` ? () : nil })
}
