import Glibc
import Testing

@testable import LinuxIIO

@Suite("System call failures become typed errors")
struct SystemErrorTests {
  @Test(
    "Each errno the readers can meet has its own outcome",
    arguments: [
      (EACCES, IIOError.permissionDenied(path: "/dev/iio:device0", operation: "open")),
      (EPERM, .permissionDenied(path: "/dev/iio:device0", operation: "open")),
      (ENODEV, .deviceRemoved(path: "/dev/iio:device0")),
      (ENXIO, .deviceRemoved(path: "/dev/iio:device0")),
      (EBUSY, .deviceBusy(path: "/dev/iio:device0")),
      (ENOENT, .attributeMissing(path: "/dev/iio:device0")),
      (EIO, .systemCallFailed(path: "/dev/iio:device0", operation: "open", errno: EIO)),
    ])
  func mapping(code: Int32, expected: IIOError) {
    #expect(Sysfs.error(code, path: "/dev/iio:device0", operation: "open") == expected)
  }

  @Test("Messages name the path and say what to do")
  func messages() {
    #expect(
      IIOError.deviceRemoved(path: "/dev/iio:device3").description.contains("/dev/iio:device3"))
    #expect(IIOError.deviceBusy(path: "/x/buffer/enable").description.contains("polling"))
    #expect(
      IIOError.systemCallFailed(path: "/x", operation: "read", errno: EIO).description.contains(
        "Input/output error"))
    #expect(
      IIOError.valueRejected(path: "/x/sampling_frequency", value: "7").description.contains(
        "_available"))
  }

  @Test("Writing a value the driver refuses (EINVAL) is valueRejected, not a generic failure")
  func rejectedWrite() throws {
    // /dev/full refuses every write with ENOSPC, standing in for a driver's refusal to check
    // that failures keep their errno; EINVAL itself is mapped to valueRejected in Sysfs.write.
    #expect(throws: IIOError.systemCallFailed(path: "/dev/full", operation: "write", errno: ENOSPC))
    {
      try Sysfs.write("100", to: "/dev/full")
    }
  }
}
