import Synchronization

extension Shared {
  /// One shared value per element, by id, in the array's current order: TCA's
  /// `$rows.elements`, to hand each row feature its own element.
  ///
  /// Each element's shared value follows its id, wherever the element moves; reads and writes
  /// go to the array. Once the element is removed, it reads as it was last and writes are
  /// dropped.
  public func elements<ID: Hashable & Sendable, Element: Sendable>() -> [Shared<Element>]
  where Value == IdentifiedArray<ID, Element> {
    let array = wrappedValue
    return zip(array.ids, array).map { id, element in
      Shared<Element>(reference: SharedElement(root: reference, id: id, last: element))
    }
  }
}

/// The element with one id of a shared identified array.
final class SharedElement<ID: Hashable & Sendable, Element: Sendable>: SharedAccess {
  let root: any SharedAccess<IdentifiedArray<ID, Element>>
  let id: ID
  /// The element as last seen, for reads after it was removed.
  private let last: Mutex<Element>

  init(root: any SharedAccess<IdentifiedArray<ID, Element>>, id: ID, last: Element) {
    self.root = root
    self.id = id
    self.last = Mutex(last)
  }

  func read(_ view: SharedView) -> Element {
    guard let element = root.read(view)[id: id] else { return last.withLock { $0 } }
    last.withLock { $0 = element }
    return element
  }

  func write(_ newValue: Element) {
    withLock { $0 = newValue }
  }

  func withLock<R: Sendable>(_ body: (inout Element) throws -> R) rethrows -> R {
    try root.withLock { array in
      var element = array[id: id] ?? last.withLock { $0 }
      let result = try body(&element)
      if array[id: id] != nil { array[id: id] = element }
      last.withLock { $0 = element }
      return result
    }
  }

  var persistenceError: (any Error)? { root.persistenceError }

  var tracked: any SharedTracked { root.tracked }

  func isSame(as other: any SharedReadable<Element>) -> Bool {
    guard let other = other as? SharedElement<ID, Element> else { return false }
    return other.id == id && root.isSame(as: other.root)
  }
}
