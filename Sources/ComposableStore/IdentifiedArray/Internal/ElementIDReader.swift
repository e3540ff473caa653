/// How an ``IdentifiedArray`` reads an element's id. The array stores the reader's type (a
/// metatype: trivially copied, nothing retained) beside a key path; `Identifiable` elements'
/// reader calls `element.id` and never applies the key path, so that path costs one witness
/// call, not a key-path lookup. A stored closure or an existential value would make every copy
/// of the array retain or copy through a value witness, which measured up to 5x slower reads.
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
