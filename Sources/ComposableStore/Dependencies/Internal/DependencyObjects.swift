import Synchronization

/// The objects `withDependencies` operations returned, with the values they ran in: what
/// `withDependencies(from:)` gives a model that holds no `@Dependency` property itself (as
/// swift-dependencies remembers them).
///
/// Held weakly: an entry whose object is gone is never matched (a new object at the same
/// address has a live reference), and such entries are dropped whenever the table has doubled.
enum DependencyObjects {
  private struct Entry {
    weak var object: AnyObject?
    let values: DependencyValues
  }

  private struct Table {
    var entries: [ObjectIdentifier: Entry] = [:]
    /// The size after the last sweep of dead entries: the next sweep comes at twice that.
    var swept = 0
  }

  private static let table = Mutex(Table())

  /// Remembers `result`, if its type is a class, as made in `values`. (Checked on the static
  /// type: an effect or other value returned costs no boxing.)
  @inlinable
  static func remember<Result>(_ result: Result, madeIn values: DependencyValues) {
    guard Result.self is AnyClass else { return }
    let object = result as AnyObject
    // By address, so that the reference is re-formed under the lock instead of being sent
    // there: the caller holds `result`, so the address names a live object for the call.
    withExtendedLifetime(object) { store(address(of: object), values) }
  }

  @usableFromInline
  static func address(of object: AnyObject) -> UInt {
    UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
  }

  @usableFromInline
  static func store(_ address: UInt, _ values: DependencyValues) {
    table.withLock { table in
      guard let pointer = UnsafeRawPointer(bitPattern: address) else { return }
      let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
      table.entries[ObjectIdentifier(object)] = Entry(object: object, values: values)
      guard table.entries.count > max(64, 2 * table.swept) else { return }
      table.entries = table.entries.filter { $0.value.object != nil }
      table.swept = table.entries.count
    }
  }

  /// The values `object` was returned in by a `withDependencies` operation, if it was.
  static func values(of object: AnyObject) -> DependencyValues? {
    let id = ObjectIdentifier(object)
    return table.withLock { table -> DependencyValues? in
      guard let entry = table.entries[id], entry.object.map(ObjectIdentifier.init) == id else {
        return nil
      }
      return entry.values
    }
  }
}
