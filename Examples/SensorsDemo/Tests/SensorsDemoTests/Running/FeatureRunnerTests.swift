import ComposableStore
import Foundation
import Testing

@testable import SensorsDemoFeatures

@Suite("Feature runner")
struct FeatureRunnerTests {
  /// A counter that finishes at `end`, the way a replay ends.
  struct Counter: Equatable, Sendable {
    var count = 0
    var end = 3
    var isFinished: Bool { count >= end }
  }

  /// A new temporary file, open for writing: where a `LineWriter` under test prints.
  static func temporaryOutput() throws -> (path: String, descriptor: Int32) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "runner-\(UUID()).txt"
    ).path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(descriptor >= 0)
    return (path, descriptor)
  }

  static func runner(limit: Int?) -> FeatureRunner<Counter, Int> {
    var runner = FeatureRunner<Counter, Int>(
      description: RunDescription(title: "t", source: "s", kind: .replay),
      presentation: Presentation(
        screen: { ["count \($0.count)"] }, lines: { action, _ in ["got \(action)"] },
        json: { action, _ in [JSONLine(event: "n")] }),
      start: [], stop: { _ in [] }, isFinished: \.isFinished)
    runner.count = limit.map { ($0, "values", \.count) }
    runner.endedMessage = { _ in "end of replay" }
    return runner
  }

  @Test("--count N met: no failure, and no end-of-replay message")
  func countMet() {
    let runner = Self.runner(limit: 3)
    #expect(runner.failureMessage(Counter(count: 3), ending: .finished) == nil)
    #expect(runner.sourceEnded(Counter(count: 3)) == nil)
  }

  @Test("the source ending before --count N is a failure that says how many arrived")
  func countShort() {
    let runner = Self.runner(limit: 5)
    #expect(
      runner.failureMessage(Counter(count: 3), ending: .finished)
        == "got 3 of the 5 values asked for with --count: end of replay")
    #expect(
      runner.failureMessage(Counter(count: 1), ending: .timeUp)
        == "got 1 of the 5 values asked for with --count: the --seconds limit came first")
  }

  @Test("quitting is never a failure")
  func quitting() {
    let runner = Self.runner(limit: 5)
    #expect(runner.failureMessage(Counter(count: 0), ending: .quit) == nil)
    #expect(runner.failureMessage(Counter(count: 0), ending: .outputClosed) == nil)
  }

  @Test("without --count the end of the source is said, and is not a failure")
  func noCount() {
    let runner = Self.runner(limit: nil)
    #expect(runner.failureMessage(Counter(count: 3), ending: .finished) == nil)
    #expect(runner.sourceEnded(Counter(count: 3)) == "end of replay")
    #expect(runner.sourceEnded(Counter(count: 2)) == nil, "not finished yet")
    let frame = runner.frame(Counter(count: 3), ending: nil, columns: 40, rows: 8)
    #expect(frame.last == "■ end of replay · q: quit")
  }

  @Test("the journal keeps the latest actions with the state after each, bounded")
  func journal() {
    let store = Store(
      initialState: Journaled<Counter, Int>(feature: Counter(end: 1_000_000)),
      reducer: JournalReducer(
        base: Reduce<Counter, Int> { state, action in
          state.count += action
          return .none
        }, records: true))
    for value in 1...300 { store.send(value) }
    let state = store.state
    let capacity = Journaled<Counter, Int>.capacity
    #expect(state.entries.count == capacity)
    #expect(state.entries.first?.sequence == 300 - capacity + 1)
    #expect(state.entries.map(\.action) == Array((300 - capacity + 1)...300))
    #expect(state.entries.last?.state.count == (1...300).reduce(0, +))
  }

  @Test("lines are written once each, in order, and a writer that fell behind says so")
  func lineWriter() throws {
    let (path, descriptor) = try Self.temporaryOutput()
    defer { unlink(path) }
    var writer = LineWriter(
      presentation: Self.runner(limit: nil).presentation, mode: .lines,
      output: OutputWriter(descriptor: descriptor))
    func state(through last: Int) -> Journaled<Counter, Int> {
      var journal = Journaled<Counter, Int>(feature: Counter(end: 10))
      journal.sequence = last
      journal.entries = (max(1, last - 2)...last).map {
        .init(sequence: $0, action: $0, state: Counter(count: $0, end: 10))
      }
      return journal
    }
    var accepted: [Bool] = []
    for last in [2, 3, 8, 12] {
      accepted.append(writer.write(state(through: last), isFinished: \.isFinished))
    }
    #expect(accepted == [true, true, true, true])
    close(descriptor)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      written.split(separator: "\n") == [
        "got 1", "got 2", "got 3", "(2 events skipped: output too slow)", "got 6", "got 7",
        "got 8", "(1 event skipped: output too slow)", "got 10",
      ])
  }

  @Test("a writer whose first look comes after the journal dropped entries says so")
  func lineWriterFirstLookLate() throws {
    let (path, descriptor) = try Self.temporaryOutput()
    defer { unlink(path) }
    var writer = LineWriter(
      presentation: Self.runner(limit: nil).presentation, mode: .json,
      output: OutputWriter(descriptor: descriptor))
    // The store handled 5 actions before the writer first saw a state, which holds only the
    // last 2 of them.
    var journal = Journaled<Counter, Int>(feature: Counter(count: 5, end: 10))
    journal.sequence = 5
    journal.entries = (4...5).map {
      .init(sequence: $0, action: $0, state: Counter(count: $0, end: 10))
    }
    let accepted = writer.write(journal, isFinished: \.isFinished)
    #expect(accepted)
    close(descriptor)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      written.split(separator: "\n") == [
        #"{"event":"skipped","count":3}"#, #"{"event":"n"}"#, #"{"event":"n"}"#,
      ])
  }
}
