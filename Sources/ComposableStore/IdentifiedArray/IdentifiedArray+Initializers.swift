extension IdentifiedArray {
  /// Creates an array of `elements`, which the caller promises have unique ids; O(n), without the
  /// cost of resolving duplicates.
  ///
  /// The promise is still checked, since a broken index would corrupt every later lookup: if two
  /// elements share an id, the result is that of ``init(uniqueElements:)`` (the later element
  /// replaces the earlier one at the earlier one's place). swift-identified-collections traps
  /// on duplicates in debug builds instead.
  @inlinable
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init()
    let elements = Array(elements)
    _positions.reserveCapacity(elements.count)
    for (position, element) in elements.enumerated() {
      guard _positions.updateValue(position, forKey: element.id) == nil else {
        self = Self(uniqueElements: elements)
        return
      }
    }
    _elements = elements
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
    self.init()
    for element in elements {
      if let position = _positions[element.id] {
        let kept = try combine(_elements[position], element)
        _elements[position] = kept
        if kept.id != element.id { rekey(position: position, from: element.id) }
      } else {
        _positions[element.id] = _elements.count
        _elements.append(element)
      }
    }
  }
}
