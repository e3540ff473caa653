import Dispatch

/// Runs blocking sysfs reads on a serial dispatch queue instead of the concurrency pool: a
/// read behind an I2C or SPI sensor can take a millisecond, and the pool has only as many
/// threads as cores.
struct BlockingIO: Sendable {
  private let queue: DispatchQueue

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func run<Value: Sendable>(_ work: @escaping @Sendable () throws(IIOError) -> Value)
    async throws(IIOError) -> Value
  {
    let result: Result<Value, IIOError> = await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: Result(catching: work)) }
    }
    return try result.get()
  }
}
