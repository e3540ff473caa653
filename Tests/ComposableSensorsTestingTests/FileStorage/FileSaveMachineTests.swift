import Testing

@testable import ComposableSensorsFoundation

/// The save schedule of one throttled file, on its own: every transition, and the write counts
/// of a steady stream of changes.
@Suite struct FileSaveMachineTests {
  @Test func theFirstChangeStartsAWriterWhichTakesIt() {
    var machine = FileSaveMachine<Int>()
    let result1 = machine.takeForWrite()
    #expect(result1 == nil, "nothing to write while idle")
    let result2 = machine.change(to: 1)
    #expect(result2 == .startWriter)
    let result3 = machine.takeForWrite()
    #expect(result3 == 1)
    #expect(machine.isSaving)
    machine.finishWrite()
    #expect(!machine.isSaving)
    let result4 = machine.windowEnded()
    #expect(result4 == .close)
    let result5 = machine.change(to: 2)
    #expect(result5 == .startWriter, "a closed window starts a new writer")
  }

  @Test func changesInAWindowAreCoalescedAndTheNewestWins() {
    var machine = FileSaveMachine<Int>()
    _ = machine.change(to: 1)
    _ = machine.takeForWrite()
    machine.finishWrite()
    for value in 2...100 {
      let result6 = machine.change(to: value)
      #expect(result6 == .none)
    }
    let result7 = machine.windowEnded()
    #expect(result7 == .write)
    let result8 = machine.takeForWrite()
    #expect(result8 == 100)
    machine.finishWrite()
    let result9 = machine.windowEnded()
    #expect(result9 == .close)
  }

  @Test func aChangeDuringAWriteWaitsForTheWindow() {
    var machine = FileSaveMachine<Int>()
    _ = machine.change(to: 1)
    _ = machine.takeForWrite()
    let result10 = machine.change(to: 2)
    #expect(result10 == .none)
    let result11 = machine.takeForWrite()
    #expect(result11 == nil, "one write at a time")
    machine.finishWrite()
    let result12 = machine.windowEnded()
    #expect(result12 == .write)
    let result13 = machine.takeForWrite()
    #expect(result13 == 2)
  }

  @Test func aWindowEndingDuringAFlushesWriteWritesAgainAfterIt() {
    var machine = FileSaveMachine<Int>()
    _ = machine.change(to: 1)
    _ = machine.takeForWrite()
    machine.finishWrite()
    _ = machine.change(to: 2)
    let result14 = machine.takeForWrite()
    #expect(result14 == 2)  // a flush's write
    let result15 = machine.windowEnded()
    #expect(result15 == .write, "the writer waits for the flush, then looks again")
    machine.finishWrite()
    let result16 = machine.takeForWrite()
    #expect(result16 == nil)
    let result17 = machine.windowEnded()
    #expect(result17 == .close)
  }

  @Test func aChangeMadeElsewhereDropsThePendingOne() {
    var machine = FileSaveMachine<Int>()
    let result18 = machine.dropPending()
    #expect(!result18)
    _ = machine.change(to: 1)
    _ = machine.takeForWrite()
    machine.finishWrite()
    _ = machine.change(to: 2)
    let result19 = machine.dropPending()
    #expect(result19)
    let result20 = machine.windowEnded()
    #expect(result20 == .close, "nothing left to write")
  }

  /// Changes at 100 Hz for 10 s, windows of 1 s: 10 writes plus the first, not 1,000.
  @Test func aSteadyStreamIsWrittenOncePerWindow() {
    var machine = FileSaveMachine<Int>()
    var writes = 0
    var writerRunning = false
    for tick in 0..<1_000 {
      if machine.change(to: tick) == .startWriter {
        writerRunning = true
        if machine.takeForWrite() != nil { writes += 1 }
        machine.finishWrite()
      }
      // A window ends every 100 ticks after the writer started.
      if writerRunning, tick % 100 == 99 {
        if machine.windowEnded() == .close {
          writerRunning = false
        } else if machine.takeForWrite() != nil {
          writes += 1
          machine.finishWrite()
        }
      }
    }
    #expect(writes == 11)
  }
}
