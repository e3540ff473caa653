extension IdentifiedArray {
  /// Removes and returns the first element; O(n): later elements move up.
  ///
  /// - Precondition: The array is not empty, as for `Array.removeFirst()`.
  @inlinable
  @discardableResult
  public mutating func removeFirst() -> Element {
    remove(at: _elements.startIndex)
  }

  /// Removes and returns the last element; O(1).
  ///
  /// - Precondition: The array is not empty, as for `Array.removeLast()`.
  @inlinable
  @discardableResult
  public mutating func removeLast() -> Element {
    let removed = _elements.removeLast()
    _positions[_id(removed)] = nil
    return removed
  }

  /// Removes the first `count` elements, or every element if there are fewer; O(n).
  @inlinable
  public mutating func removeFirst(_ count: Int) {
    removeSubrange(0..<Swift.max(count, 0))
  }

  /// Removes the last `count` elements, or every element if there are fewer; O(`count`).
  @inlinable
  public mutating func removeLast(_ count: Int) {
    removeSubrange((_elements.count - Swift.max(count, 0))..<_elements.count)
  }

  /// Removes the elements in `bounds`, in O(n); a range reaching outside the array is clamped
  /// to it, as ``replaceSubrange(_:with:)`` clamps.
  @inlinable
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    let bounds = bounds.clamped(to: _elements.startIndex..<_elements.endIndex)
    guard !bounds.isEmpty else { return }
    for element in _elements[bounds] { _positions[_id(element)] = nil }
    _elements.removeSubrange(bounds)
    reindex(from: bounds.lowerBound)
  }

  /// The elements `isIncluded` accepts, in order, identified as this array's are; O(n).
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var kept = Self(_idReader: _idReader)
    for element in _elements where try isIncluded(element) {
      kept._positions[_id(element)] = kept._elements.count
      kept._elements.append(element)
    }
    return kept
  }
}
