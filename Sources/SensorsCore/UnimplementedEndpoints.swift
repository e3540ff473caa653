/// What every `.unimplemented()` client is made of: one generic wrapper per kind of endpoint
/// (plain, `async`, throwing), so a client lists each endpoint once, with its placeholder, and
/// every call is reported the same way:
///
/// ```swift
/// let fail = UnimplementedEndpoints(client: "MotionClient", report: report, …)
/// create = fail(async: "create") { _ in }
/// isAvailable = fail("isAvailable") { _ in false }
/// ```
///
/// A call reports "Unimplemented: MotionClient.isAvailable was called (isAvailable(gyro)) but
/// this test did not override it. …" at the place the client was built, then returns what the
/// placeholder returns, so the test goes on.
package struct UnimplementedEndpoints: Sendable {
  /// How the client is named in messages ("MotionClient", `@Dependency(\.motionClient)`).
  package let client: String
  /// Where the issue goes (the running test, or standard error).
  package let report: IssueReporter.Reporter
  /// Where the client was built: the issue is reported there.
  package let fileID: StaticString
  /// Where the client was built.
  package let filePath: StaticString
  /// Where the client was built.
  package let line: UInt
  /// Where the client was built.
  package let column: UInt

  /// Endpoints of `client` that report through `report`, at the given location.
  package init(
    client: String, report: @escaping IssueReporter.Reporter, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    self.client = client
    self.report = report
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The synchronous endpoint `name`: each call is reported, then answered by `placeholder`.
  package func callAsFunction<each Argument, Result>(
    _ name: String, _ placeholder: @escaping @Sendable (repeat each Argument) -> Result
  ) -> @Sendable (repeat each Argument) -> Result {
    { (argument: repeat each Argument) -> Result in
      reportCall(name, Self.describe(repeat each argument))
      return placeholder(repeat each argument)
    }
  }

  /// The `async` endpoint `name`: each call is reported, then answered by `placeholder`.
  package func callAsFunction<each Argument, Result>(
    async name: String, _ placeholder: @escaping @Sendable (repeat each Argument) async -> Result
  ) -> @Sendable (repeat each Argument) async -> Result {
    { (argument: repeat each Argument) async -> Result in
      reportCall(name, Self.describe(repeat each argument))
      return await placeholder(repeat each argument)
    }
  }

  // The throwing endpoints take one argument, not a pack: the Swift 6.3 compiler crashes on a
  // closure over a parameter pack with a typed `throws`.

  /// The throwing endpoint `name` of one argument (the placeholder usually throws the client's
  /// "unimplemented" error).
  package func callAsFunction<A, Result, Failure: Error>(
    throwing name: String, _ placeholder: @escaping @Sendable (A) throws(Failure) -> Result
  ) -> @Sendable (A) throws(Failure) -> Result {
    { (a: A) throws(Failure) -> Result in
      reportCall(name, [Self.shown(a)])
      return try placeholder(a)
    }
  }

  /// The `async` throwing endpoint `name` of one argument.
  package func callAsFunction<A, Result, Failure: Error>(
    asyncThrowing name: String,
    _ placeholder: @escaping @Sendable (A) async throws(Failure) -> Result
  ) -> @Sendable (A) async throws(Failure) -> Result {
    { (a: A) async throws(Failure) -> Result in
      reportCall(name, [Self.shown(a)])
      return try await placeholder(a)
    }
  }

  /// The message of a call to `name` with `arguments`, as the test sees it.
  package func message(_ name: String, _ arguments: [String]) -> String {
    let call = "\(name)(\(arguments.joined(separator: ", ")))"
    return "Unimplemented: \(client).\(name) was called (\(call)) but this test did not "
      + "override it. Set `client.\(name) = { … }` if the feature should call it."
  }

  private func reportCall(_ name: String, _ arguments: [String]) {
    report(message(name, arguments), fileID, filePath, line, column)
  }

  /// An argument as a message shows it: a manager id as `id: …`, anything else as itself.
  private static func shown(_ argument: Any) -> String {
    if let id = argument as? AnyHashableSendable { return "id: \(id)" }
    return String(describing: argument)
  }

  /// Each argument as ``shown(_:)`` shows it.
  private static func describe<each Argument>(_ argument: repeat each Argument) -> [String] {
    var described: [String] = []
    for argument in repeat each argument { described.append(shown(argument)) }
    return described
  }
}
