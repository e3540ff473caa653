import DBus
import Foundation
import Testing

/// Decodes what a real dbus-daemon (libdbus's marshaller, which nobody here wrote) sent.
@Suite struct ReferenceCaptureTests {
  static func capture() throws -> [UInt8] {
    let url = try #require(
      Bundle.module.url(
        forResource: "dbus-daemon-replies", withExtension: "bin",
        subdirectory: "Fixtures"))
    return Array(try Data(contentsOf: url))
  }

  /// Splits a byte stream into messages with `frameLength`, as the transport does.
  static func messages(_ bytes: [UInt8]) throws -> [DBusMessage] {
    var rest = bytes[...]
    var result: [DBusMessage] = []
    while !rest.isEmpty {
      let length = try #require(try DBusMessage.frameLength(of: rest))
      result.append(try DBusMessage.decode(Array(rest.prefix(length))))
      rest = rest.dropFirst(length)
    }
    return result
  }

  @Test func helloReplyCarriesTheUniqueName() throws {
    let messages = try Self.messages(try Self.capture())
    #expect(messages.count == 5)
    let hello = messages[0]
    #expect(hello.kind == .methodReturn)
    #expect(hello.replySerial == 1)
    #expect(hello.sender == "org.freedesktop.DBus")
    #expect(hello.destination == ":1.0")
    #expect(hello.body == [.string(":1.0")])
  }

  @Test func nameAcquiredSignalHasItsHeaderFields() throws {
    let signal = try Self.messages(try Self.capture())[1]
    #expect(signal.kind == .signal)
    #expect(signal.path == "/org/freedesktop/DBus")
    #expect(signal.interface == "org.freedesktop.DBus")
    #expect(signal.member == "NameAcquired")
    #expect(signal.body == [.string(":1.0")])
    #expect(signal.flags & DBusMessage.noReplyExpected != 0)
  }

  @Test func getAllReplyIsADictionaryOfVariants() throws {
    let reply = try Self.messages(try Self.capture())[2]
    #expect(reply.replySerial == 2)
    #expect(reply.signature == "a{sv}")
    let properties = try #require(reply.body.first?.stringKeyedEntries)
    guard case .array(.string, let features)? = properties["Features"]?.unwrapped else {
      Issue.record(
        "Features is not an array of strings: \(String(describing: properties["Features"]))")
      return
    }
    #expect(features.contains(.string("ActivatableServicesChanged")))
    guard case .array(.string, let interfaces)? = properties["Interfaces"]?.unwrapped else {
      Issue.record("Interfaces is not an array of strings")
      return
    }
    #expect(interfaces.contains(.string("org.freedesktop.DBus.Monitoring")))
  }

  @Test func unknownMethodIsAnErrorWithItsNameAndMessage() throws {
    let error = try Self.messages(try Self.capture())[3]
    #expect(error.kind == .error)
    #expect(error.replySerial == 3)
    #expect(error.errorName == "org.freedesktop.DBus.Error.UnknownMethod")
    #expect(error.errorMessage?.contains("NoSuchMethod") == true)
  }

  @Test func credentialsCarryUnsignedIntegersInVariants() throws {
    let reply = try Self.messages(try Self.capture())[4]
    let credentials = try #require(reply.body.first?.stringKeyedEntries)
    #expect(credentials["UnixUserID"]?.unwrapped == .uint32(0))
    #expect(credentials["UnixGroupIDs"]?.unwrapped == .array(.uint32, [.uint32(0)]))
    let pid = try #require(credentials["ProcessID"]?.doubleValue)
    #expect(pid > 0)
  }

  /// What the daemon sent, decoded and encoded again, decodes to the same messages: the writer
  /// lays out what libdbus's reader expects.
  @Test func reencodingTheCaptureRoundTrips() throws {
    for message in try Self.messages(try Self.capture()) {
      #expect(try DBusMessage.decode(try message.encoded()) == message)
    }
  }
}
