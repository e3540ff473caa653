import ComposableSensorsTesting
import ComposableStore
import LinuxIIO
import Testing

@testable import SensorsDemoFeatures

@Suite("Devices command")
struct DevicesFeatureTests {
  @Test("the kernel's root missing: said once, with --iio-root named once and the umockdev hint")
  func kernelRootMissing() async {
    let store = TestStore(initialState: DevicesFeature.State()) {
      DevicesFeature(
        scan: DevicesFeature.Scan { root throws(IIOError) in throw .rootNotFound(path: root) })
    }
    await store.send(.load)
    await store.receive(.failed(.scanFailed(.rootNotFound(path: IIOSystem.defaultRoot)))) {
      $0.problem = .scanFailed(.rootNotFound(path: IIOSystem.defaultRoot))
    }
    let screen = DevicesFeature.presentation.screen(store.state)
    let text = screen.joined(separator: "\n")
    #expect(text.components(separatedBy: "--iio-root").count == 2, "the option named once: \(text)")
    #expect(!text.contains("Pass another root"))
    #expect(text.contains("umockdev-run"))
  }

  @Test("a named root with no device: no claim about this machine, no umockdev hint")
  func namedRootEmpty() async {
    let store = TestStore(initialState: DevicesFeature.State(root: "/tmp/tree")) {
      DevicesFeature(scan: DevicesFeature.Scan { _ throws(IIOError) in [] })
    }
    await store.send(.load)
    await store.receive(.failed(.noDevices)) { $0.problem = .noDevices }
    let lines = DevicesFeature.presentation.lines(.failed(.noDevices), store.state)
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("No IIO devices under /tmp/tree.") == true)
    #expect(lines.first?.contains("this machine") == false)
  }
}
