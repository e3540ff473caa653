/// An ordered collection of identifiable elements with constant-time lookup by id: the state of
/// a list of child features, run by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,IdentifiedAction<ID,ElementAction>>,_,_,_,_,_)``.
///
/// ```swift
/// struct State: Equatable {
///   var devices: IdentifiedArrayOf<Device.State> = []
/// }
/// state.devices.append(Device.State(id: "iio:device0"))
/// state.devices[id: "iio:device0"]?.isStreaming = true   // O(1)
/// state.devices.remove(id: "iio:device0")                // O(n): later elements move up
/// ```
///
/// It keeps the elements in an array (so iteration and `==` are an array's) and an index from id
/// to position. Lookup and in-place update by id are O(1); inserting or removing shifts the
/// elements after it, O(n), like an array. Ids are unique: adding an element whose id is already
/// present replaces the element in place instead of adding a second one (the swift-identified-
/// collections type this mirrors traps instead; here no input can stop the program).
///
/// Elements that are not `Identifiable` are identified by a key path given once, when the array
/// is made: `IdentifiedArray(uniqueElements: readings, id: \.sensor)`. In optimised builds an id
/// costs what reading the property costs for `Identifiable` elements and for a key path to a
/// stored property; a key path to a computed property is applied for each id read (about 20 ns),
/// which every write does once or twice and a removal once per element after it.
public struct IdentifiedArray<ID: Hashable & Sendable, Element> {
  /// How to read an element's id: `\.id` for `Identifiable` elements, else the key path given.
  @usableFromInline let _idReader: ElementIDReader<Element, ID>
  @usableFromInline var _elements: [Element]
  @usableFromInline var _positions: [ID: Int]

  @inlinable
  init(_idReader: ElementIDReader<Element, ID>) {
    self._idReader = _idReader
    _elements = []
    _positions = [:]
  }

  /// An empty array whose elements are identified by the property at `id`.
  ///
  /// ```swift
  /// var latest = IdentifiedArray<String, Reading>(id: \.sensor)
  /// latest.updateOrAppend(Reading(sensor: "accel", value: 9.81))
  /// ```
  @inlinable
  public init(id: KeyPath<Element, ID> & Sendable) {
    self.init(_idReader: ElementIDReader(keyPath: id))
  }

  /// Creates an array of `elements`, in order, identified by the property at `id`.
  ///
  /// An element whose id appeared earlier replaces that earlier element, at the earlier
  /// element's position, so the result has one element per id.
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID> & Sendable)
  {
    self.init(id: id)
    for element in elements { updateOrAppend(element) }
  }

  /// The key path to an element's id: the one the array was made with, or `\.id` for
  /// `Identifiable` elements (made generically, so it reads the id through `Identifiable` and is
  /// not `==` to a `\Element.id` written for the concrete type, as in
  /// swift-identified-collections).
  @inlinable
  public var id: KeyPath<Element, ID> { _idReader.keyPath }

  /// The ids of the elements, in order.
  @inlinable
  public var ids: [ID] { _elements.map(_id) }

  /// Whether the array holds an element with `element`'s id; O(1). The rest of `element` is not
  /// compared, as in swift-identified-collections.
  @inlinable
  public func contains(_ element: Element) -> Bool { _positions[_id(element)] != nil }

  /// The elements, in order, as a plain array.
  @inlinable
  public var elements: [Element] { _elements }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting an element for an absent
  /// id appends it. Modifying in place (`array[id: x]?.value += 1`) is O(1).
  ///
  /// If a modification changes the element's own id, the element stays at its position under its
  /// new id; another element that had that id is removed.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      guard let position = _positions[id] else { return nil }
      return _elements[position]
    }
    _modify {
      guard let position = _positions[id] else {
        var added: Element? = nil
        yield &added
        if let added { updateOrAppend(added) }
        return
      }
      var element: Element? = _elements[position]
      yield &element
      guard let element else {
        remove(at: position)
        return
      }
      _elements[position] = element
      if _id(element) != id { rekey(position: position, from: id) }
    }
  }

  /// Appends `element`, or replaces the element with the same id where it is.
  ///
  /// - Returns: The element it replaced, or `nil` if `element` was appended.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let id = _id(element)
    if let position = _positions[id] {
      let old = _elements[position]
      _elements[position] = element
      return old
    }
    _positions[id] = _elements.count
    _elements.append(element)
    return nil
  }

  /// Appends `element` if its id is absent.
  ///
  /// - Returns: Whether it was appended, and the position of the element with its id.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let id = _id(element)
    if let position = _positions[id] { return (false, position) }
    _positions[id] = _elements.count
    _elements.append(element)
    return (true, _elements.count - 1)
  }

  /// Appends the elements whose ids are absent, in order.
  @inlinable
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Inserts `element` at `index` if its id is absent; O(n).
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: A position from `startIndex` to `endIndex`; a position outside is clamped to the
  ///     nearest end.
  /// - Returns: Whether it was inserted, and the position of the element with its id.
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    if let position = _positions[_id(element)] { return (false, position) }
    let index = Swift.min(Swift.max(index, 0), _elements.count)
    _elements.insert(element, at: index)
    reindex(from: index)
    return (true, index)
  }

  /// Removes the element with `id` and returns it, or returns `nil` if there is none; O(n).
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let position = _positions[id] else { return nil }
    return remove(at: position)
  }

  /// Removes the element at `index` and returns it; O(n).
  ///
  /// - Precondition: `index` is a valid position, as for `Array.remove(at:)`.
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let removed = _elements.remove(at: index)
    _positions[_id(removed)] = nil
    reindex(from: index)
    return removed
  }

  /// Removes every element `shouldBeRemoved` accepts; O(n).
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    // Reindexed even if the predicate throws part-way, when some elements may be gone already.
    defer {
      _positions.removeAll(keepingCapacity: true)
      reindex(from: 0)
    }
    try _elements.removeAll(where: shouldBeRemoved)
  }

  /// Removes every element, keeping the storage allocated if `keepCapacity` is `true`.
  @inlinable
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    _elements.removeAll(keepingCapacity: keepCapacity)
    _positions.removeAll(keepingCapacity: keepCapacity)
  }

  /// Moves the elements at `source` so they come before the element at `destination`, in the
  /// order of SwiftUI's `onMove`; O(n).
  @inlinable
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source.filter { _elements.indices.contains($0) })
    guard !moving.isEmpty else { return }
    let destination = Swift.min(Swift.max(destination, 0), _elements.count)
    var before: [Element] = []
    var moved: [Element] = []
    var after: [Element] = []
    for (offset, element) in _elements.enumerated() {
      if moving.contains(offset) {
        moved.append(element)
      } else if offset < destination {
        before.append(element)
      } else {
        after.append(element)
      }
    }
    _elements = before + moved + after
    reindex(from: 0)
  }

  /// Sorts the elements in place with `areInIncreasingOrder`.
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    defer { reindex(from: 0) }
    try _elements.sort(by: areInIncreasingOrder)
  }

  /// The id of `element`.
  @inlinable
  func _id(_ element: Element) -> ID { _idReader.id(of: element) }

  @inlinable
  mutating func reindex(from start: Int) {
    for position in start..<_elements.count { _positions[_id(_elements[position])] = position }
  }

  /// The element at `position` now has an id other than `old`: move its index entry.
  @inlinable
  mutating func rekey(position: Int, from old: ID) {
    _positions[old] = nil
    let new = _id(_elements[position])
    if let clash = _positions[new] {
      // The other element goes; reindexing from the earlier of the two also records `new`.
      _elements.remove(at: clash)
      reindex(from: Swift.min(clash, position))
    } else {
      _positions[new] = position
    }
  }
}

extension IdentifiedArray where Element: Identifiable, Element.ID == ID {
  /// An empty array.
  @inlinable
  public init() {
    self.init(_idReader: .identifiable)
  }

  /// Creates an array of `elements`, in order.
  ///
  /// An element whose id appeared earlier replaces that earlier element, at the earlier
  /// element's position, so the result has one element per id.
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init()
    for element in elements { updateOrAppend(element) }
  }
}

/// An ``IdentifiedArray`` of `Element`s identified by their own `id`: the usual spelling.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
where Element.ID: Sendable

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  @inlinable public var startIndex: Int { _elements.startIndex }
  /// The position after the last element.
  @inlinable public var endIndex: Int { _elements.endIndex }

  /// The position of the element with `id`, in O(1).
  @inlinable
  public func index(id: ID) -> Int? { _positions[id] }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, Element.ID == ID {
  /// An array of the listed elements; a repeated id keeps the last element at the first's place.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs._elements == rhs._elements }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  @inlinable
  public func hash(into hasher: inout Hasher) { hasher.combine(_elements) }
}

extension IdentifiedArray: Sendable where Element: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, written like an array's.
  public var description: String { _elements.description }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as the collection of elements, so state dumps show it as a list.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: _elements, displayStyle: .collection)
  }
}
