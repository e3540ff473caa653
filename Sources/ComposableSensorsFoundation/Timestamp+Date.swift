public import SensorsCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension Timestamp {
  /// The same moment as a Foundation `Date`.
  public var date: Date { Date(timeIntervalSince1970: timeIntervalSince1970) }

  /// The moment `date` stands for.
  ///
  /// - Parameter date: any `Date`; its time since 1970 is kept to the bit.
  public init(_ date: Date) {
    self.init(timeIntervalSince1970: date.timeIntervalSince1970)
  }
}
