extension IdentifiedArray where Element: Identifiable, Element.ID == ID {
  /// Creates an array of `elements`, which the caller promises have unique ids; O(n), without the
  /// cost of resolving duplicates.
  ///
  /// The promise is still checked, since a broken index would corrupt every later lookup: if two
  /// elements share an id, the result is that of ``init(uniqueElements:)`` (the later element
  /// replaces the earlier one at the earlier one's place). swift-identified-collections traps
  /// on duplicates in debug builds instead.
  @inlinable
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init(
      _idReader: .identifiable, uncheckedUniqueElements: elements)
  }

  /// Creates an array of `elements`, in order, resolving elements that share an id with
  /// `combine`: it receives the element kept so far and the later one, and returns the element to
  /// keep, at the first one's place.
  ///
  /// ```swift
  /// let latest = IdentifiedArray(readings) { _, later in later }
  /// ```
  ///
  /// - Rethrows: The first error `combine` throws.
  @inlinable
  public init(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    try self.init(
      _idReader: .identifiable, elements, uniquingIDsWith: combine)
  }
}

extension IdentifiedArray {
  /// Creates an array of `elements`, identified by the property at `id`, which the caller
  /// promises is unique; O(n), without the cost of resolving duplicates.
  ///
  /// The promise is checked as ``init(uncheckedUniqueElements:)`` checks it: two elements with
  /// one id give the result of ``init(uniqueElements:id:)``.
  @inlinable
  public init(
    uncheckedUniqueElements elements: some Sequence<Element>,
    id: KeyPath<Element, ID> & Sendable
  ) {
    self.init(_idReader: ElementIDReader(keyPath: id), uncheckedUniqueElements: elements)
  }

  /// Creates an array of `elements`, in order, identified by the property at `id`, resolving
  /// elements that share an id with `combine` as ``init(_:uniquingIDsWith:)`` does.
  ///
  /// ```swift
  /// let latest = IdentifiedArray(readings, id: \.sensor) { _, later in later }
  /// ```
  ///
  /// - Rethrows: The first error `combine` throws.
  @inlinable
  public init(
    _ elements: some Sequence<Element>,
    id: KeyPath<Element, ID> & Sendable,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    try self.init(_idReader: ElementIDReader(keyPath: id), elements, uniquingIDsWith: combine)
  }

  /// A copy of `elements`, identified as they are; O(1).
  @inlinable
  public init(_ elements: Self) {
    self = elements
  }

  /// The elements of a slice of an array, identified as that array's are; O(n).
  @inlinable
  public init(_ elements: Slice<Self>) {
    self.init(_idReader: elements.base._idReader, uncheckedUniqueElements: elements)
  }

  @inlinable
  init(
    _idReader: ElementIDReader<Element, ID>,
    uncheckedUniqueElements elements: some Sequence<Element>
  ) {
    self.init(_idReader: _idReader)
    let elements = Array(elements)
    _positions.reserveCapacity(elements.count)
    for (position, element) in elements.enumerated() {
      guard _positions.updateValue(position, forKey: _id(element)) == nil else {
        _positions.removeAll(keepingCapacity: true)
        for element in elements { updateOrAppend(element) }
        return
      }
    }
    _elements = elements
  }

  @inlinable
  init(
    _idReader: ElementIDReader<Element, ID>,
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    self.init(_idReader: _idReader)
    for element in elements {
      let id = _id(element)
      if let position = _positions[id] {
        let kept = try combine(_elements[position], element)
        _elements[position] = kept
        if _id(kept) != id { rekey(position: position, from: id) }
      } else {
        _positions[id] = _elements.count
        _elements.append(element)
      }
    }
  }
}
