/// How an ``IdentifiedArray`` reads an element's id: the key path it was made with, and the
/// fastest way found to read what that key path reads.
///
/// Every write to the array reads ids (an in-place edit reads the element's id before and after,
/// a removal reads the id of every element after it), so the read must cost what `element.id`
/// costs, not what applying a key path costs (about 20 ns, 10x an in-place edit):
///
/// - An `Identifiable` element's own id is read as `element.id`. The array does not know
///   statically that `Element` is `Identifiable`, so the reader asks at run time (see
///   ``OwnIDProbe``); once the optimiser specialises the array for a concrete element type,
///   that question has a constant answer and the read is a direct property read. Unspecialised
///   code pays a cached conformance look-up.
/// - A key path to a stored property (`\.sensor`) is read at the property's byte offset
///   (`MemoryLayout.offset(of:)`), as cheap as a property read.
/// - Any other key path (a computed property, an optional chain) is applied as a key path.
///
/// The reader is one optional reference, `nil` for an `Identifiable` element's own id, so copying
/// an array of `Identifiable` elements retains nothing more than before, and the array is three
/// words (two before key paths). Its size shows in a store's per-action copies of its state: a
/// 40-byte reader (key path and offset inline) cost +17 % per `forEach` element action on a
/// 10-row list; this one-word reader +6 %, as much as padding the two-word array with an unused
/// word did. The earlier alternatives measured worse: a stored existential reader made every
/// copy of the array go through a value witness, and a stored metatype reader made an in-place
/// edit 15x slower (a witness call into unspecialised code per id read).
@usableFromInline
struct ElementIDReader<Element, ID: Hashable & Sendable>: Sendable {
  /// The key path the array was made with, or `nil` for an `Identifiable` element's own `id`.
  @usableFromInline let byKeyPath: KeyPathIDReader<Element, ID>?

  /// Reads the property at `keyPath`.
  @inlinable
  init(keyPath: KeyPath<Element, ID> & Sendable) {
    byKeyPath = KeyPathIDReader(keyPath: keyPath)
  }

  @inlinable
  init(ownID: Void) {
    byKeyPath = nil
  }

  /// The id of `element`.
  @inlinable
  @inline(__always)
  func id(of element: Element) -> ID {
    guard let byKeyPath else { return Self.ownID(of: element) }
    return byKeyPath.id(of: element)
  }

  /// The key path the array was made with, or `\.id` for an `Identifiable` element's own id.
  @inlinable
  var keyPath: KeyPath<Element, ID> {
    if let byKeyPath { return byKeyPath.keyPath }
    guard let probe = OwnIDProbe<Element>.self as? any OwnIDReading.Type,
      let keyPath: KeyPath<Element, ID> = probe.idKeyPath()
    else {
      // Unreachable: `identifiable`, the only maker of a reader without a key path, requires
      // `Element: Identifiable` with `Element.ID == ID`, for which the probe always succeeds.
      preconditionFailure("IdentifiedArray: an id reader without a key path for \(Element.self)")
    }
    return keyPath
  }

  /// `element.id`, for a reader made by ``identifiable``.
  @inlinable
  @inline(__always)
  static func ownID(of element: Element) -> ID {
    guard let probe = OwnIDProbe<Element>.self as? any OwnIDReading.Type,
      let id: ID = probe.ownID(of: element)
    else {
      // Unreachable, as in `keyPath`.
      preconditionFailure("IdentifiedArray: an id reader without a key path for \(Element.self)")
    }
    return id
  }
}

extension ElementIDReader where Element: Identifiable, Element.ID == ID {
  /// Reads an `Identifiable` element's own `id`.
  @inlinable
  static var identifiable: Self { Self(ownID: ()) }
}

/// Reads the property at a key path: at its byte offset if it is a stored property.
@usableFromInline
final class KeyPathIDReader<Element, ID: Hashable & Sendable>: Sendable {
  @usableFromInline let keyPath: KeyPath<Element, ID> & Sendable
  /// The byte offset in an element of the stored property `keyPath` reads, if it reads one.
  @usableFromInline let offset: Int?

  @inlinable
  init(keyPath: KeyPath<Element, ID> & Sendable) {
    self.keyPath = keyPath
    offset = MemoryLayout<Element>.offset(of: keyPath)
  }

  /// The id of `element`.
  @inlinable
  @inline(__always)
  func id(of element: Element) -> ID {
    guard let offset else { return element[keyPath: keyPath] }
    return withUnsafePointer(to: element) { element in
      UnsafeRawPointer(element).load(fromByteOffset: offset, as: ID.self)
    }
  }
}

/// Reads an element's own `id` where `Probed` is `Identifiable`: asking whether
/// `OwnIDProbe<Element>` conforms is how unconstrained code finds out whether `Element` is
/// `Identifiable`, in a form the optimiser answers at compile time once `Element` is known, and
/// then calls the witness directly. (Casting `Element.self` to `any Identifiable.Type` and opening
/// it was left as a run-time cast by the optimiser.)
@usableFromInline
protocol OwnIDReading {
  /// `element.id` if `element` is a `Probed` whose id is an `ID`.
  static func ownID<Element, ID>(of element: Element) -> ID?
  /// `\.id`, if `Element` is `Probed` and its id an `ID`.
  static func idKeyPath<Element, ID>() -> KeyPath<Element, ID>?
}

/// A type that conforms to ``OwnIDReading`` exactly when `Probed` is `Identifiable`.
@usableFromInline
enum OwnIDProbe<Probed> {}

extension OwnIDProbe: OwnIDReading where Probed: Identifiable {
  @inlinable
  @inline(__always)
  static func ownID<Element, ID>(of element: Element) -> ID? {
    guard let element = element as? Probed else { return nil }
    return element.id as? ID
  }

  @inlinable
  static func idKeyPath<Element, ID>() -> KeyPath<Element, ID>? {
    \Probed.id as? KeyPath<Element, ID>
  }
}
