import LinuxIIO
import Testing

@Suite("iiod addresses (HOST[:PORT])")
struct IIODAddressTests {
  @Test(
    "Accepted forms",
    arguments: [
      ("board.local", "board.local", 30431), ("127.0.0.1:30500", "127.0.0.1", 30500),
      ("ip:192.168.2.1", "192.168.2.1", 30431), ("[fe80::1%eth0]:40000", "fe80::1%eth0", 40000),
      ("[::1]", "::1", 30431), ("::1", "::1", 30431),
    ] as [(String, String, Int)])
  func accepted(text: String, host: String, port: Int) throws {
    let address = try IIODAddress(parsing: text)
    #expect(address.host == host)
    #expect(Int(address.port) == port)
  }

  @Test(
    "Rejected forms name the text",
    arguments: ["", ":30431", "host:", "host:0", "host:65536", "host:12a", "[::1", "[::1]x", "a b"])
  func rejected(text: String) {
    #expect(throws: IIODError.invalidAddress(text)) { try IIODAddress(parsing: text) }
  }

  @Test("The description brackets an IPv6 host")
  func description() {
    #expect(IIODAddress(host: "::1", port: 1).description == "[::1]:1")
    #expect(IIODAddress(host: "board").description == "board:30431")
  }
}
