extension IdentifiedArray: MutableCollection {
  /// The element at `position`; O(1).
  ///
  /// Modifying an element in place (`state.rows[0].value = 1`) must keep its id: an id changed
  /// that way is reported as a runtime warning (a test failure in a reducer a `TestStore` runs),
  /// and the element stays at `position` under its new id, replacing any other element that had
  /// that id.
  ///
  /// Assigning a whole element (`rows[1] = row`) replaces the element at `position`. If another
  /// position holds an element with the new element's id, the two swap places first, so ids stay
  /// unique and the new element lands at `position`, as in swift-identified-collections.
  ///
  /// - Precondition: `position` is a valid position, as for `Array`.
  @inlinable
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set {
      let old = _id(_elements[position])
      if old != _id(newValue), let other = _positions[_id(newValue)] {
        swapAt(other, position)
      }
      _elements[position] = newValue
      if old != _id(newValue), _positions[_id(newValue)] == nil {
        _positions[old] = nil
        _positions[_id(newValue)] = position
      }
    }
    _modify {
      let old = _id(_elements[position])
      yield &_elements[position]
      if _id(_elements[position]) != old {
        reportChangedID(at: position)
        rekey(position: position, from: old)
      }
    }
  }

  /// Exchanges the elements at `i` and `j`; O(1).
  ///
  /// - Precondition: Both are valid positions.
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    _elements.swapAt(i, j)
    _positions[_id(_elements[i])] = i
    _positions[_id(_elements[j])] = j
  }

  /// Reorders the elements so that every element `belongsInSecondPartition` accepts comes after
  /// every element it rejects, and returns the position of the first accepted element
  /// (`endIndex` if none); O(n). The order within each part is not kept.
  @inlinable
  public mutating func partition(
    by belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Int {
    // Reindexed even if the predicate throws part-way, when some elements may have moved.
    defer { reindex(from: 0) }
    return try _elements.partition(by: belongsInSecondPartition)
  }

  /// Reverses the order of the elements; O(n).
  @inlinable
  public mutating func reverse() {
    _elements.reverse()
    reindex(from: 0)
  }

  /// Shuffles the elements with `generator`; O(n).
  @inlinable
  public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
    _elements.shuffle(using: &generator)
    reindex(from: 0)
  }

  /// Shuffles the elements with the system's random number generator; O(n).
  @inlinable
  public mutating func shuffle() {
    var generator = SystemRandomNumberGenerator()
    shuffle(using: &generator)
  }

  /// An element's id was changed in place through the positional subscript: tell the developer.
  @usableFromInline
  func reportChangedID(at position: Int) {
    RuntimeWarning.report(
      """
      The element at position \(position) of an "IdentifiedArray<\(Element.self)>" changed its \
      id from the positional subscript. Element identity must stay the same when an element is \
      modified in place: the element now stays at this position under its new id, and any other \
      element with that id was removed.

      To give an element another id, remove it and insert the new element, or assign the whole \
      element ("array[position] = element").
      """,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }
}

extension IdentifiedArray: RangeReplaceableCollection
where Element: Identifiable, Element.ID == ID {
  /// Replaces the elements in `subrange` with `newElements`; O(n).
  ///
  /// Ids stay unique: a new element whose id is held by an element outside `subrange` replaces
  /// that element where it is, and of new elements sharing an id the last one is kept, at the
  /// first one's place. A `subrange` reaching outside the array is clamped to it.
  @inlinable
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    let subrange = subrange.clamped(to: _elements.startIndex..<_elements.endIndex)
    for element in _elements[subrange] { _positions[_id(element)] = nil }
    _elements.removeSubrange(subrange)
    reindex(from: subrange.lowerBound)
    var insertion: [Element] = []
    var inserted: [ID: Int] = [:]
    for element in newElements {
      if let position = _positions[_id(element)] {
        _elements[position] = element
      } else if let offset = inserted[_id(element)] {
        insertion[offset] = element
      } else {
        inserted[_id(element)] = insertion.count
        insertion.append(element)
      }
    }
    guard !insertion.isEmpty else { return }
    _elements.insert(contentsOf: insertion, at: subrange.lowerBound)
    reindex(from: subrange.lowerBound)
  }

  /// Reserves storage for `minimumCapacity` elements.
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    _elements.reserveCapacity(minimumCapacity)
    _positions.reserveCapacity(minimumCapacity)
  }
}
