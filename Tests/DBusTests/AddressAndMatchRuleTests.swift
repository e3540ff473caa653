import DBus
import Testing

@Suite struct DBusAddressTests {
  @Test func systemBusHonoursTheEnvironment() throws {
    #expect(try DBusAddress.system(environment: [:]).path == "/run/dbus/system_bus_socket")
    let set = try DBusAddress.system(
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/tmp/bus%20one,guid=abc"])
    #expect(set == DBusAddress(path: "/tmp/bus one"))
  }

  @Test func sessionBusFallsBackToTheRuntimeDirectory() throws {
    #expect(
      try DBusAddress.session(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]).path
        == "/run/user/7/bus")
    #expect(throws: DBusError.noSessionBus) { try DBusAddress.session(environment: [:]) }
  }

  @Test func theFirstUnixEntryOfAListIsUsed() throws {
    let address = try DBusAddress(parsing: "tcp:host=x,port=1;unix:abstract=/tmp/dbus-Q")
    #expect(address == DBusAddress(path: "/tmp/dbus-Q", isAbstract: true))
    #expect(address.description == "unix:abstract=/tmp/dbus-Q")
  }

  @Test func badAddressesAreTypedErrors() {
    #expect(throws: DBusError.unsupportedAddress("tcp:host=x,port=1")) {
      try DBusAddress(parsing: "tcp:host=x,port=1")
    }
    #expect(throws: DBusError.self) { try DBusAddress(parsing: "unix:path=%zz") }
    #expect(throws: DBusError.self) { try DBusAddress(parsing: "nonsense") }
  }
}

@Suite struct DBusMatchRuleTests {
  @Test func ruleTextQuotesAndEscapes() {
    let rule = DBusMatchRule(
      sender: "org.freedesktop.GeoClue2", interface: "org.freedesktop.GeoClue2.Client",
      member: "LocationUpdated", path: "/it's", arguments: [0: "x"])
    #expect(
      rule.description
        == "type='signal',sender='org.freedesktop.GeoClue2',"
        + "interface='org.freedesktop.GeoClue2.Client',member='LocationUpdated',"
        + "path='/it'\\''s',arg0='x'")
  }

  @Test func propertiesChangedRuleSelectsByInterfaceArgument() {
    let rule = DBusMatchRule.propertiesChanged(
      sender: nil, path: "/net/hadess/SensorProxy", interface: "net.hadess.SensorProxy")
    let change = DBusMessage(
      kind: .signal, path: "/net/hadess/SensorProxy", interface: "org.freedesktop.DBus.Properties",
      member: "PropertiesChanged",
      body: [
        .string("net.hadess.SensorProxy"), .dictionary(key: .string, value: .variant, []),
        .array(.string, []),
      ])
    #expect(rule.matches(change))
    var other = change
    other.body[0] = .string("net.hadess.SensorProxy.Compass")
    #expect(!rule.matches(other))
    var call = change
    call.kind = .methodCall
    #expect(!rule.matches(call))
    #expect(DBusPropertiesChanged(change)?.interface == "net.hadess.SensorProxy")
    #expect(DBusPropertiesChanged(call) == nil)
  }
}
