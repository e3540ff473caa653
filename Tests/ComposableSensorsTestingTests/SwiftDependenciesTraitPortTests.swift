// swift-dependencies' Swift Testing suites (MIT licence, Point-Free,
// github.com/pointfreeco/swift-dependencies, Tests/DependenciesTests/): SwiftTestingTests,
// RootResettingTests, PrepareDependenciesTests, TestTraitTests' third test and
// DependencyTestExtensionTests, under their upstream names. Foundation's `Date` and `UUID` are
// `Timestamp` and `UniqueID` (`timeIntervalSinceReferenceDate` reads `timeIntervalSince1970`),
// `LockIsolated` a `Mutex`, and TestTraitTests' 1 ms real-time sleep a `Task.yield()`.
//
// Upstream gives every Swift Testing test fresh dependency caches even without a trait; here
// that takes the `.dependencies` trait (DifferencesFromTCA), so the suites whose tests rely on
// it (`cachePollution1`/`2`, `isolation1`…`4`) carry it.
import ComposableSensorsTesting
import ComposableStore
import Synchronization
import Testing

private struct Client: TestDependencyKey {
  var increment: @Sendable () -> Int
  static var testValue: Client {
    let count = Mutex(0)
    return Self {
      count.withLock {
        $0 += 1
        return $0
      }
    }
  }
}

@Suite struct SwiftTestingTests {
  @Test(.dependencies, .serialized, arguments: 1...5)
  func parameterizedCachePollution(_ argument: Int) {
    @Dependency(Client.self) var client
    let value = client.increment()
    #expect(value == 1)
  }

  @Test(.dependencies) func repeatedTest() {
    @Dependency(Client.self) var client
    let value = client.increment()
    #expect(value == 1)
  }

  @Test(arguments: 1...5)
  func parameterizedCachePollution_ResetDependencies(_ argument: Int) {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(Client.self) var client
      let value = client.increment()
      #expect(value == 1)
    }
  }

  @Suite(.dependencies) struct CachePollution {
    @Test
    func cachePollution1() {
      @Dependency(Client.self) var client
      let value = client.increment()
      #expect(value == 1)
    }

    @Test
    func cachePollution2() {
      @Dependency(Client.self) var client
      let value = client.increment()
      #expect(value == 1)
    }
  }

  @Test(.dependency(\.date.now, Timestamp(timeIntervalSince1970: 0)))
  func trait() {
    @Dependency(\.date.now) var now
    #expect(now == Timestamp(timeIntervalSince1970: 0))
  }

  @Suite(.dependency(\.date.now, Timestamp(timeIntervalSince1970: 0)))
  struct InnerSuite {
    @Test
    func traitInherited() {
      @Dependency(\.date.now) var now
      #expect(now == Timestamp(timeIntervalSince1970: 0))
    }

    @Test(.dependency(\.date.now, Timestamp(timeIntervalSince1970: 1)))
    func traitOverridden() {
      @Dependency(\.date.now) var now
      #expect(now == Timestamp(timeIntervalSince1970: 1))
    }

    @Test(.dependency(\.date.now, Timestamp(timeIntervalSince1970: 1)))
    func traitOverriddenWithDependencies() {
      withDependencies {
        $0.date.now = Timestamp(timeIntervalSince1970: 2)
      } operation: {
        @Dependency(\.date.now) var now
        #expect(now == Timestamp(timeIntervalSince1970: 2))
      }
    }
  }

  private static let mockClient = Client { 42 }
  @Test(.dependency(mockClient))
  func dependencyKeyTypeTrait() {
    @Dependency(Client.self) var client
    #expect(client.increment() == 42)
  }
}

@Suite struct RootResettingTests {
  @Suite
  struct ResetsAtRootTests {
    @Test(.dependencies, arguments: [1, 2, 3])
    func freshDependencies(argument: Int) {
      @Dependency(Client.self) var client
      #expect(client.increment() == 1)
    }
  }

  @Suite(.dependency(\.date.now, Timestamp(timeIntervalSince1970: 123)))
  struct ResetsOnlyAtRootTests {
    @Test(.dependencies) func date() {
      @Dependency(\.date.now) var now
      #expect(now == Timestamp(timeIntervalSince1970: 123))
    }
  }
}

@Suite(.dependencies) struct PrepareDependenciesTests {
  @Test(
    .serialized,
    .dependency(\.uuid, .incrementing),
    arguments: [1, 2, 3]
  )
  func uuid(value: Int) {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UniqueID(0))
  }

  @Test func isolation1() {
    prepareDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 1)
    }
    @Dependency(\.date.now) var now
    #expect(now.timeIntervalSince1970 == 1)
  }

  @Test func isolation2() {
    prepareDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 2)
    }
    @Dependency(\.date.now) var now
    #expect(now.timeIntervalSince1970 == 2)
  }

  @Test func isolation3() {
    prepareDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 3)
    }
    @Dependency(\.date.now) var now
    #expect(now.timeIntervalSince1970 == 3)
  }

  @Test func isolation4() {
    prepareDependencies {
      $0.date.now = Timestamp(timeIntervalSince1970: 4)
    }
    @Dependency(\.date.now) var now
    #expect(now.timeIntervalSince1970 == 4)
  }
}

@Suite(.dependency(\.uuid, .incrementing))
struct TestTraitTests {
  @Dependency(\.uuid) var uuid

  @Test func statefulDependency3() async throws {
    for index in 0...100 {
      #expect(uuid() == UniqueID(index))
      await Task.yield()
    }
  }
}

private protocol ExtensionClient: Sendable {
  func isLive() -> Bool
}
private enum ClientKey: DependencyKey {
  static var liveValue: any ExtensionClient { LiveClient() }
  static var testValue: any ExtensionClient { TestClient() }
}
extension DependencyValues {
  fileprivate var client: any ExtensionClient {
    get { self[ClientKey.self] }
    set { self[ClientKey.self] = newValue }
  }
}
private struct LiveClient: ExtensionClient {
  func isLive() -> Bool { true }
}
private struct TestClient: ExtensionClient {
  func isLive() -> Bool { false }
}

@Suite struct DependencyTestExtensionTests {
  @Suite(
    .dependencies {
      $0.client = TestClient()
    }
  )
  struct SuccessfulCast {
    @Test func key() {
      @Dependency(ClientKey.self, as: TestClient.self) var client
      #expect(!client.isLive())
    }

    @Test func keyPath() {
      @Dependency(\.client, as: TestClient.self) var client
      #expect(!client.isLive())
    }
  }

  @Suite struct FailedCast {
    @Test func key() async throws {
      await #expect(processExitsWith: .failure) {
        withDependencies {
          $0.client = LiveClient()
        } operation: {
          @Dependency(ClientKey.self, as: TestClient.self) var client
          _ = client.isLive()
        }
      }
    }

    @Test func keyPath() async throws {
      await #expect(processExitsWith: .failure) {
        withDependencies {
          $0.client = LiveClient()
        } operation: {
          @Dependency(\.client, as: TestClient.self) var client
          _ = client.isLive()
        }
      }
    }
  }
}
