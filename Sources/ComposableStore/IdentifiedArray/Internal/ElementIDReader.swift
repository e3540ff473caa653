/// How an ``IdentifiedArray`` reads an element's id: a small value the array stores, so one array
/// type serves `Identifiable` elements and elements identified by a key path.
///
/// A protocol with stateless conformers rather than a stored closure: an `Identifiable` array
/// calls `element.id` through one witness call, with no key-path lookup, and a generic closure
/// would capture the element's metatype, which is not `Sendable`.
@usableFromInline
protocol ElementIDReader<Element, ID>: Sendable {
  associatedtype Element
  associatedtype ID
  /// The id of `element`.
  func id(of element: Element) -> ID
}

/// Reads the `id` of an `Identifiable` element.
@usableFromInline
struct IdentifiableIDReader<Element: Identifiable>: ElementIDReader {
  @inlinable init() {}

  @inlinable
  func id(of element: Element) -> Element.ID { element.id }
}

/// Reads the property at a key path.
@usableFromInline
struct KeyPathIDReader<Element, ID>: ElementIDReader {
  @usableFromInline let keyPath: KeyPath<Element, ID> & Sendable

  @inlinable
  init(_ keyPath: KeyPath<Element, ID> & Sendable) { self.keyPath = keyPath }

  @inlinable
  func id(of element: Element) -> ID { element[keyPath: keyPath] }
}
