/// Which signals a subscription receives: the bus's match rule (sent with `AddMatch`) and the
/// same test applied locally, so two subscriptions on one connection never see each other's
/// signals.
public struct DBusMatchRule: Hashable, Sendable, CustomStringConvertible {
  /// The sender's bus name (well-known or unique).
  public var sender: String?
  /// The signal's interface.
  public var interface: String?
  /// The signal's name.
  public var member: String?
  /// The object the signal comes from.
  public var path: String?
  /// String arguments that must be equal, by index (`arg0='net.hadess.SensorProxy'`).
  public var arguments: [Int: String]

  /// A rule for signals; every `nil` criterion matches anything.
  public init(
    sender: String? = nil, interface: String? = nil, member: String? = nil, path: String? = nil,
    arguments: [Int: String] = [:]
  ) {
    self.sender = sender
    self.interface = interface
    self.member = member
    self.path = path
    self.arguments = arguments
  }

  /// `PropertiesChanged` of `interface` on the object `path` owned by `sender`.
  public static func propertiesChanged(sender: String?, path: String?, interface: String)
    -> DBusMatchRule
  {
    DBusMatchRule(
      sender: sender, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
      path: path, arguments: [0: interface])
  }

  /// The bus's `NameOwnerChanged(name, old owner, new owner)` signals about `name`: how a
  /// client sees a service start (a new owner) or leave (no new owner).
  public static func nameOwnerChanged(_ name: String) -> DBusMatchRule {
    DBusMatchRule(
      sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
      member: "NameOwnerChanged", arguments: [0: name])
  }

  /// The rule as `AddMatch` takes it: `type='signal',interface='…',…`.
  public var description: String {
    var parts = ["type='signal'"]
    func add(_ key: String, _ value: String?) {
      guard let value else { return }
      // Inside quotes nothing is special; a quote itself closes, escapes and reopens.
      let escaped = value.split(separator: "'", omittingEmptySubsequences: false)
        .joined(separator: "'\\''")
      parts.append("\(key)='\(escaped)'")
    }
    add("sender", sender)
    add("interface", interface)
    add("member", member)
    add("path", path)
    for (index, value) in arguments.sorted(by: { $0.key < $1.key }) { add("arg\(index)", value) }
    return parts.joined(separator: ",")
  }

  /// Whether `message` is a signal this rule selects. A well-known sender name is left to the
  /// bus (the message carries the owner's unique name).
  public func matches(_ message: DBusMessage) -> Bool {
    guard message.kind == .signal else { return false }
    if let sender, sender.hasPrefix(":"), message.sender != sender { return false }
    if let interface, message.interface != interface { return false }
    if let member, message.member != member { return false }
    if let path, message.path != path { return false }
    for (index, value) in arguments {
      guard index < message.body.count, case .string(let actual) = message.body[index],
        actual == value
      else { return false }
    }
    return true
  }
}
