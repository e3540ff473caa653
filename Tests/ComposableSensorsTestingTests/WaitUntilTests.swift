import SensorsTestSupport
import Testing

/// SensorsTestSupport's `waitUntil`, the one wait the suites share for conditions another
/// thread makes true: it returns as soon as the condition holds, and gives up with an issue that
/// names what it waited for (and the condition's last error) instead of hanging.
@Suite(.tags(.integration)) struct WaitUntilTests {
  struct NotYet: Error, CustomStringConvertible {
    var description: String { "no such file yet" }
  }

  @Test func returnsOnceTheConditionHolds() async {
    let flag = OneWayFlag()
    var checks = 0
    let held = await waitUntil("the flag is raised") {
      checks += 1
      if checks == 3 { flag.raise() }
      return flag.isRaised
    }
    #expect(held)
    #expect(checks == 3)
  }

  @Test func givesUpWithAnIssueNamingTheWaitAndTheLastError() async {
    var held = true
    await withKnownIssue {
      held = await waitUntil("the file appears", timeout: .milliseconds(20)) { throw NotYet() }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("waiting until the file appears")
        && text.contains("last error: no such file yet")
    }
    #expect(!held)
  }
}
