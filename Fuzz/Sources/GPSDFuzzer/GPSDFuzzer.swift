import FuzzDriver
import GPSD
import Glibc

/// libFuzzer entry point: the bytes as what a gpsd socket delivers. They are framed into lines in
/// chunks of varying size (as reads split them) and each line is decoded. Framing and decoding may
/// reject input with a typed error; they must never trap or hang, the framer's buffer must stay
/// within its line limit (at least 10240 bytes), and every number a decoded report carries must be a value gpsd could
/// have meant (never NaN).
@_cdecl("LLVMFuzzerTestOneInput")
public func gpsdFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  var framer = GPSDLineFramer(maximumLineLength: 512)
  // The first byte chooses the chunk size, so both whole and split lines are exercised.
  let chunk = max(1, Int(bytes.first ?? 64))
  var offset = 0
  while offset < bytes.count {
    let end = min(bytes.count, offset + chunk)
    framer.append(contentsOf: bytes[offset..<end])
    offset = end
    for line in framer.lines() {
      guard case .success(let text) = line else { continue }
      if text.count > framer.maximumLineLength {
        fatalError("the framer returned a line of \(text.count) bytes, over its limit")
      }
      check(try? GPSDReport.decode(text))
    }
    if framer.bufferedByteCount > framer.maximumLineLength + chunk {
      fatalError("the framer holds \(framer.bufferedByteCount) bytes, over its limit")
    }
  }
  // The whole input as one line, too.
  check(try? GPSDReport.decode(bytes))
  return 0
}

/// A decoded position is never NaN: gpsd's JSON has no NaN, so one would be our invention.
func check(_ report: GPSDReport?) {
  guard case .tpv(let tpv)? = report else { return }
  for value in [tpv.lat, tpv.lon, tpv.altHAE, tpv.speed, tpv.track, tpv.eph, tpv.climb] {
    if let value, value.isNaN { fatalError("a TPV decoded to NaN: \(tpv)") }
  }
}

/// The executable's entry point: libFuzzer's driver, run on this harness's target.
@main
enum GPSDFuzzer {
  static func main() {
    runLibFuzzer(gpsdFuzzerTestOneInput)
  }
}
