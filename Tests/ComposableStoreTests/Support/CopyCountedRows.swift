import Synchronization

/// Counts the copies a ``CopyCountedRows`` made.
final class CopyCounter: Sendable {
  private let count = Atomic(0)
  var copies: Int { count.load(ordering: .relaxed) }
  func record() { count.add(1, ordering: .relaxed) }
  func reset() { count.store(0, ordering: .relaxed) }
}

/// A list of numbers with copy-on-write storage that reports each copy: a change made while
/// another value shares the storage copies all of it, as an `Array` does, and records it.
struct CopyCountedRows: Sendable, Equatable {
  private final class Storage: Sendable {
    let values: Mutex<[Int]>
    init(_ values: [Int]) { self.values = Mutex(values) }
  }

  private var storage: Storage
  let counter: CopyCounter

  init(count: Int, counter: CopyCounter) {
    self.storage = Storage(Array(repeating: 0, count: count))
    self.counter = counter
  }

  var count: Int { storage.values.withLock(\.count) }

  subscript(index: Int) -> Int {
    get { storage.values.withLock { $0[index] } }
    set {
      if !isKnownUniquelyReferenced(&storage) {
        storage = Storage(storage.values.withLock { Array($0) })
        counter.record()
      }
      storage.values.withLock { $0[index] = newValue }
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage
      || lhs.storage.values.withLock { left in rhs.storage.values.withLock { left == $0 } }
  }
}
