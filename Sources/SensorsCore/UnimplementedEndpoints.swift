/// What every `.unimplemented()` client is made of: one generic wrapper per kind of endpoint
/// (plain, `async`, throwing; by arity), so a client lists each endpoint once, with its placeholder, and
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

  // One overload per arity rather than one over a parameter pack: the Swift 6.3 compiler
  // miscompiles pack-taking `async` closures built in one module and called from another
  // (a crash copying the first argument).

  /// The synchronous endpoint `name` of no argument: each call is reported, then answered by
  /// `placeholder`.
  package func callAsFunction<Result>(
    _ name: String, _ placeholder: @escaping @Sendable () -> Result
  ) -> @Sendable () -> Result {
    { () -> Result in
      reportCall(name, [])
      return placeholder()
    }
  }

  /// The synchronous endpoint `name` of one argument.
  package func callAsFunction<A, Result>(
    _ name: String, _ placeholder: @escaping @Sendable (A) -> Result
  ) -> @Sendable (A) -> Result {
    { a in
      reportCall(name, [Self.describe(a)])
      return placeholder(a)
    }
  }

  /// The synchronous endpoint `name` of two arguments.
  package func callAsFunction<A, B, Result>(
    _ name: String, _ placeholder: @escaping @Sendable (A, B) -> Result
  ) -> @Sendable (A, B) -> Result {
    { a, b in
      reportCall(name, [Self.describe(a), Self.describe(b)])
      return placeholder(a, b)
    }
  }

  /// The `async` endpoint `name` of no argument.
  package func callAsFunction<Result>(
    async name: String, _ placeholder: @escaping @Sendable () async -> Result
  ) -> @Sendable () async -> Result {
    { () async -> Result in
      reportCall(name, [])
      return await placeholder()
    }
  }

  /// The `async` endpoint `name` of one argument.
  package func callAsFunction<A, Result>(
    async name: String, _ placeholder: @escaping @Sendable (A) async -> Result
  ) -> @Sendable (A) async -> Result {
    { a in
      reportCall(name, [Self.describe(a)])
      return await placeholder(a)
    }
  }

  /// The `async` endpoint `name` of two arguments.
  package func callAsFunction<A, B, Result>(
    async name: String, _ placeholder: @escaping @Sendable (A, B) async -> Result
  ) -> @Sendable (A, B) async -> Result {
    { a, b in
      reportCall(name, [Self.describe(a), Self.describe(b)])
      return await placeholder(a, b)
    }
  }

  /// The `async` endpoint `name` of three arguments.
  package func callAsFunction<A, B, C, Result>(
    async name: String, _ placeholder: @escaping @Sendable (A, B, C) async -> Result
  ) -> @Sendable (A, B, C) async -> Result {
    { a, b, c in
      reportCall(name, [Self.describe(a), Self.describe(b), Self.describe(c)])
      return await placeholder(a, b, c)
    }
  }

  /// The throwing endpoint `name` of one argument (the placeholder usually throws the client's
  /// "unimplemented" error).
  package func callAsFunction<A, Result, Failure: Error>(
    throwing name: String, _ placeholder: @escaping @Sendable (A) throws(Failure) -> Result
  ) -> @Sendable (A) throws(Failure) -> Result {
    { (a: A) throws(Failure) -> Result in
      reportCall(name, [Self.describe(a)])
      return try placeholder(a)
    }
  }

  /// The `async` throwing endpoint `name` of one argument.
  package func callAsFunction<A, Result, Failure: Error>(
    asyncThrowing name: String,
    _ placeholder: @escaping @Sendable (A) async throws(Failure) -> Result
  ) -> @Sendable (A) async throws(Failure) -> Result {
    { (a: A) async throws(Failure) -> Result in
      reportCall(name, [Self.describe(a)])
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
  private static func describe(_ argument: Any) -> String {
    if let id = argument as? AnyHashableSendable { return "id: \(id)" }
    return String(describing: argument)
  }
}
