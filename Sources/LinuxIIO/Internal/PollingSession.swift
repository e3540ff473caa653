import Glibc

/// The open attribute files of one polling read. Opening once and re-reading at offset 0 keeps
/// a 100 Hz poll to one `pread` per channel per sample.
final class PollingSession {
  private struct Source {
    var fd: Int32
    var path: String
  }

  private var sources: [Source] = []
  private let assembler: SampleAssembler
  private var scratch: [Double]

  init(device: IIODevice, channels: [IIOChannel]) throws(IIOError) {
    var opened: [Source] = []
    var layout: [(channel: IIOChannel, repeatCount: Int, processed: Bool)] = []
    do throws(IIOError) {
      for channel in channels {
        let processed = channel.hasInput
        let path = device.path + "/" + channel.id.rawValue + (processed ? "_input" : "_raw")
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Sysfs.error(errno, path: path, operation: "open") }
        opened.append(Source(fd: fd, path: path))
        // Multi-value channels (a quaternion) print several numbers; count them once.
        let count = try AttributeValue.numbers(try Sysfs.readAll(fd: fd, path: path), path: path).count
        layout.append((channel, count, processed))
      }
    } catch {
      for source in opened { Glibc.close(source.fd) }
      throw error
    }
    sources = opened
    assembler = SampleAssembler(channels: layout)
    scratch = [Double](repeating: 0, count: assembler.channelIDs.count)
  }

  func read() throws(IIOError) -> IIOSample {
    var position = 0
    for source in sources {
      let numbers = try AttributeValue.numbers(try Sysfs.readAll(fd: source.fd, path: source.path), path: source.path)
      for number in numbers {
        guard position < scratch.count else { break }
        scratch[position] = number
        position += 1
      }
    }
    guard position == scratch.count else {
      let path = sources.last?.path ?? "sysfs"
      throw .malformedAttribute(path: path, value: "\(position) values", expected: "\(scratch.count) values")
    }
    let timestamp = BootTime.now()
    return scratch.withUnsafeBufferPointer { assembler.sample(raw: $0, timestamp: timestamp) }
  }

  func close() {
    for source in sources { Glibc.close(source.fd) }
    sources.removeAll()
  }

  deinit { close() }
}
