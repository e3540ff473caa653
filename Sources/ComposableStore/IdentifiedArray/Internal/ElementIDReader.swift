/// How an ``IdentifiedArray`` reads an element's id. The array stores the reader's type (a
/// metatype: trivially copied, nothing retained) beside a key path; `Identifiable` elements'
/// reader calls `element.id` and never applies the key path, so that path costs one witness
/// call, not a key-path lookup (which measured 5x slower for `updateOrAppend`). A stored
/// existential value made every copy of the array go through a value witness (reads by id
/// measured 2.7x slower), and a generic closure calling `element.id` captures the element's
/// metatype, which Swift 6 does not accept as `Sendable`.
@usableFromInline
protocol ElementIDReader<Element, ID>: Sendable {
  associatedtype Element
  associatedtype ID
  /// The id of `element`, which `keyPath` reads for arrays made with one.
  static func id(of element: Element, keyPath: KeyPath<Element, ID>) -> ID
}

/// Reads the `id` of an `Identifiable` element.
@usableFromInline
enum IdentifiableIDReader<Element: Identifiable>: ElementIDReader {
  @inlinable
  static func id(of element: Element, keyPath: KeyPath<Element, Element.ID>) -> Element.ID {
    element.id
  }
}

/// Reads the property at the array's key path.
@usableFromInline
enum KeyPathIDReader<Element, ID>: ElementIDReader {
  @inlinable
  static func id(of element: Element, keyPath: KeyPath<Element, ID>) -> ID {
    element[keyPath: keyPath]
  }
}
