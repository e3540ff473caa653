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
/// The earlier alternatives measured worse: a stored existential reader made every copy of the
/// array go through a value witness, and a stored metatype reader made an in-place edit 15x
/// slower (a witness call into unspecialised code per id read).
@usableFromInline
struct ElementIDReader<Element, ID: Hashable & Sendable>: Sendable {
  @usableFromInline
  enum Access: Sendable {
    /// `Element` is `Identifiable` with `ID` as its id type, and `keyPath` is `\.id`.
    case identifiable
    /// `keyPath` reads the stored property at this byte offset in an element.
    case storedProperty(offset: Int)
    /// `keyPath` is applied.
    case keyPath
  }

  /// The key path the array was made with; `\.id` for an `Identifiable` element's own id.
  @usableFromInline let keyPath: KeyPath<Element, ID> & Sendable
  @usableFromInline let access: Access

  /// Reads the property at `keyPath`.
  @inlinable
  init(keyPath: KeyPath<Element, ID> & Sendable) {
    self.keyPath = keyPath
    access = MemoryLayout<Element>.offset(of: keyPath).map { .storedProperty(offset: $0) } ?? .keyPath
  }

  @inlinable
  init(keyPath: KeyPath<Element, ID> & Sendable, access: Access) {
    self.keyPath = keyPath
    self.access = access
  }

  /// The id of `element`.
  @inlinable
  @inline(__always)
  func id(of element: Element) -> ID {
    switch access {
    case .identifiable:
      // Always succeeds: this access is only made for `Identifiable` elements of id type `ID`.
      if let id = Self.ownID(of: element) { return id }
    case .storedProperty(let offset):
      return withUnsafePointer(to: element) { element in
        UnsafeRawPointer(element).load(fromByteOffset: offset, as: ID.self)
      }
    case .keyPath:
      break
    }
    return element[keyPath: keyPath]
  }

  /// `element.id`, if `Element` is `Identifiable` with id type `ID`.
  @inlinable
  @inline(__always)
  static func ownID(of element: Element) -> ID? {
    guard let probe = OwnIDProbe<Element>.self as? any OwnIDReading.Type else { return nil }
    return probe.ownID(of: element)
  }
}

extension ElementIDReader where Element: Identifiable, Element.ID == ID {
  /// Reads an `Identifiable` element's own `id`.
  @inlinable
  static var identifiable: Self { Self(keyPath: \.id, access: .identifiable) }
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
}
