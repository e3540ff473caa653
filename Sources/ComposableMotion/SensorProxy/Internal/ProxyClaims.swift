import DBus
import SensorsCore
import Synchronization

/// The running readings of a live ``SensorProxyClient``, by id and sensor: one task each, so a
/// second start replaces the first and stop or destroy can wait for the release.
final class ProxyClaims: Sendable {
  struct Key: Hashable, Sendable {
    var id: AnyHashableSendable
    var sensor: String
  }

  private struct Entry: Sendable {
    var token: Int
    var task: Task<Void, Never>
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var nextToken = 0
    /// Values and signals each id's streams lost because their consumer fell behind.
    var dropped: [AnyHashableSendable: Int] = [:]
  }

  private let state = Mutex(State())
  let bus: DBusAddress?
  /// How many values a stream keeps for a slow consumer; the oldest beyond are dropped and
  /// counted.
  let bufferLimit: Int
  let onEvent: @Sendable (SensorProxyEvent) -> Void

  init(
    bus: DBusAddress?, bufferLimit: Int, onEvent: @escaping @Sendable (SensorProxyEvent) -> Void
  ) {
    self.bus = bus
    self.bufferLimit = max(1, bufferLimit)
    self.onEvent = onEvent
  }

  func start<Value>(_ sensor: ProxySensor<Value>, id: AnyHashableSendable)
    -> AsyncThrowingStream<Value, any Error>
  {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: Value.self, bufferingPolicy: .bufferingNewest(bufferLimit))
    let key = Key(id: id, sensor: sensor.name)
    let (bus, onEvent) = (self.bus, self.onEvent)
    let count: @Sendable (Int) -> Void = { [weak self] lost in self?.countDropped(lost, id: id) }
    let sink = ProxyReading.Sink(
      deliver: { properties in
        if let value = sensor.decode(properties), case .dropped = continuation.yield(value) {
          count(1)
        }
      },
      dropped: count,
      finish: { continuation.finish(throwing: $0) })
    let endpoint = sensor.endpoint
    let task = Task.inheritingExecutor {
      await ProxyReading.run(endpoint, bus: bus, into: sink, onEvent: onEvent)
    }
    continuation.onTermination = { [weak self] _ in
      task.cancel()
      self?.forget(key, task: task)
    }
    let replaced = state.withLock { state -> Task<Void, Never>? in
      state.nextToken += 1
      defer { state.entries[key] = Entry(token: state.nextToken, task: task) }
      return state.entries[key]?.task
    }
    replaced?.cancel()
    return stream
  }

  func stop(_ sensorName: String, id: AnyHashableSendable) async {
    let task = state.withLock { $0.entries.removeValue(forKey: Key(id: id, sensor: sensorName)) }
    task?.task.cancel()
    await task?.task.value
  }

  private func countDropped(_ count: Int, id: AnyHashableSendable) {
    state.withLock { $0.dropped[id, default: 0] += count }
  }

  /// What `id`'s streams have lost so far (see ``SensorProxyClient/droppedUpdates``).
  func dropped(_ id: AnyHashableSendable) -> Int {
    state.withLock { $0.dropped[id] ?? 0 }
  }

  func destroy(_ id: AnyHashableSendable) async {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      state.dropped[id] = nil
      let keys = state.entries.keys.filter { $0.id == id }
      return keys.compactMap { state.entries.removeValue(forKey: $0)?.task }
    }
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }

  private func forget(_ key: Key, task: Task<Void, Never>) {
    state.withLock { state in
      // Only the entry of this very task: a replacement may already hold the key.
      if let entry = state.entries[key], entry.task == task { state.entries[key] = nil }
    }
  }
}
