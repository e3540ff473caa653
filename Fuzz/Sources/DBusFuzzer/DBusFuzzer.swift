import DBus
import FuzzDriver

/// libFuzzer entry point: the bytes as what a bus socket delivers after authentication. They are
/// framed as the transport frames them (``DBusMessage/frameLength(of:maximumLength:)``, a 64 KiB
/// limit) and each frame is decoded. Framing and decoding may reject input with a typed error;
/// they must never trap or hang, and a decoded message must encode again and decode to itself
/// (the writer accepts whatever the reader does, and both agree on the layout).
@_cdecl("LLVMFuzzerTestOneInput")
public func dbusFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var rest = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  while true {
    guard let length = try? DBusMessage.frameLength(of: rest, maximumLength: 1 << 16),
      length <= rest.count
    else { break }
    if length < 16 { fatalError("a frame of \(length) bytes, shorter than its fixed header") }
    let frame = Array(rest[..<length])
    rest.removeFirst(length)
    guard let message = try? DBusMessage.decode(frame, maximumLength: 1 << 16) else { continue }
    do {
      let again = try DBusMessage.decode(try message.encoded())
      if again != message && !message.body.containsNaN {
        fatalError("a decoded message does not round-trip: \(message) became \(again)")
      }
    } catch {
      fatalError("a decoded message cannot be encoded again: \(error); \(message)")
    }
  }
  return 0
}

extension [DBusValue] {
  /// NaN is a valid `d` but never equal to itself, so equality cannot judge the round trip.
  fileprivate var containsNaN: Bool {
    contains { value in
      switch value {
      case .double(let number): number.isNaN
      case .variant(let inner): [inner].containsNaN
      case .array(_, let items), .structure(let items): items.containsNaN
      case .dictionary(_, _, let entries): entries.flatMap { [$0.key, $0.value] }.containsNaN
      default: false
      }
    }
  }
}

/// The executable's entry point: libFuzzer's driver, run on this harness's target.
@main
enum DBusFuzzer {
  static func main() {
    runLibFuzzer(dbusFuzzerTestOneInput)
  }
}
