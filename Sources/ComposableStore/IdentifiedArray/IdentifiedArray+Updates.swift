extension IdentifiedArray {
  /// Removes the element with `element`'s id and returns the element removed, or returns `nil`
  /// if there is none; O(n).
  @inlinable
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: _id(element))
  }

  /// Removes the elements at `offsets` (SwiftUI's `onDelete` hands an `IndexSet`, which is a
  /// sequence of offsets); O(n). Offsets outside the array and repeated offsets are ignored.
  @inlinable
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let removing = Set(offsets.filter { _elements.indices.contains($0) })
    guard let first = removing.min() else { return }
    var kept: [Element] = []
    kept.reserveCapacity(_elements.count - removing.count)
    for (offset, element) in _elements.enumerated() {
      if removing.contains(offset) {
        _positions[_id(element)] = nil
      } else {
        kept.append(element)
      }
    }
    _elements = kept
    reindex(from: first)
  }

  /// Replaces the element at `index` with `element`, which should have the same id, and returns
  /// the element it replaced; O(1).
  ///
  /// An `element` with another id is reported as a runtime warning (a test failure in a reducer
  /// a `TestStore` runs), then stored as the positional subscript's setter does: it lands at
  /// `index`, swapping first with an element that had its id.
  ///
  /// - Precondition: `index` is a valid position, as for `Array`.
  @inlinable
  @discardableResult
  public mutating func update(_ element: Element, at index: Int) -> Element {
    let old = _elements[index]
    if _id(old) != _id(element) { reportMismatchedUpdate(at: index) }
    self[index] = element
    return old
  }

  /// Replaces the element with `element`'s id where it is, or inserts `element` at `index` if
  /// its id is absent; O(n) for an insertion, O(1) otherwise.
  ///
  /// - Parameters:
  ///   - element: The element to put in place of the one with its id, or to insert.
  ///   - index: Where to insert, from `startIndex` to `endIndex`; a position outside is
  ///     clamped to the nearest end.
  /// - Returns: The element replaced (`nil` if `element` was inserted) and the position of the
  ///   element with its id.
  @inlinable
  @discardableResult
  public mutating func updateOrInsert(
    _ element: Element, at index: Int
  ) -> (originalMember: Element?, index: Int) {
    if let position = _positions[_id(element)] {
      let old = _elements[position]
      _elements[position] = element
      return (old, position)
    }
    return (nil, insert(element, at: index).index)
  }

  @usableFromInline
  func reportMismatchedUpdate(at index: Int) {
    RuntimeWarning.report(
      """
      "update(_:at:)" was given an element whose id differs from the id of the element at \
      position \(index) of an "IdentifiedArray<\(Element.self)>". Use "updateOrInsert(_:at:)" or \
      "updateOrAppend(_:)" to store an element by its own id.
      """,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }
}
