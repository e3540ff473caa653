import FuzzDriver
import Glibc
import LinuxIIO

/// libFuzzer entry point: the bytes as what an iiod (or anything listening on its port) sends.
/// The first byte picks the kind of reply the client expects, the rest is the reply, and also a
/// context description for ``IIODContext/init(xml:server:)``. A parser may reject its input; it
/// must never trap, never take more bytes than it was given, never accept a payload over its
/// limit, and give the same reply however the bytes were split.
@_cdecl("LLVMFuzzerTestOneInput")
public func iiodFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  guard let selector = bytes.first else { return 0 }
  let reply = bytes.dropFirst()
  let limit = Int(selector >> 2) * 256
  let expectations: [IIODReplyParser.Expectation] = [
    .status, .payload(limit: limit), .line(limit: limit), .chunkHeader(withMask: selector & 4 == 0),
  ]
  let expectation = expectations[Int(selector & 3)]
  let outcome = IIODReplyParser.parse(expectation, reply)
  if case .reply(let parsed, let consumed) = outcome {
    check(parsed, consumed: consumed, of: reply, expectation, limit: limit)
  }
  if case .remoteError(let code, let consumed) = outcome {
    guard consumed <= reply.count, code > 0, code <= 4095 else {
      fatalError("an errno \(code) taking \(consumed) of \(reply.count) bytes")
    }
  }
  if let context = try? IIODContext(xml: reply) {
    guard context.devices.count <= 4096 else { fatalError("\(context.devices.count) devices") }
  }
  return 0
}

/// The invariants of an accepted reply.
func check(
  _ parsed: IIODReplyParser.Reply, consumed: Int, of reply: ArraySlice<UInt8>,
  _ expectation: IIODReplyParser.Expectation, limit: Int
) {
  guard consumed > 0, consumed <= reply.count else {
    fatalError("took \(consumed) of \(reply.count) bytes")
  }
  if case .payload(let value) = parsed, value.count > limit {
    fatalError("a \(value.count)-byte payload over the \(limit)-byte limit")
  }
  // The same reply, whatever the split: every shorter prefix needs more.
  let cut = reply.startIndex + consumed / 2
  if consumed > 1, IIODReplyParser.parse(expectation, reply[..<cut]) != .needMore {
    fatalError("a prefix of a whole reply was not incomplete")
  }
  guard
    case .reply(let again, consumed) = IIODReplyParser.parse(
      expectation, reply[..<(reply.startIndex + consumed)]),
    again == parsed
  else { fatalError("the reply alone parsed differently") }
}

/// The executable's entry point: libFuzzer's driver, run on this harness's target.
@main
enum IIODFuzzer {
  static func main() {
    runLibFuzzer(iiodFuzzerTestOneInput)
  }
}
