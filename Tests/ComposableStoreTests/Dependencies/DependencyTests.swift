import ComposableSensorsTesting
import ComposableStore
import Dispatch
import Synchronization
import Testing

/// A model holding dependencies, as in swift-dependencies' `DependencyTests`: its children are
/// made with `withDependencies(from: self)`.
private final class Model {
  @Dependency(\.full.value) var int
  @Dependency(\.optional) var string

  func child() -> Model {
    withDependencies(from: self) { Model() }
  }

  func child() async -> Model {
    await withDependencies(from: self) {
      await Task.yield()
      return Model()
    }
  }
}

/// A class with no `@Dependency` property.
private final class Plain {}

/// The behaviours swift-dependencies' `DependencyTests` pin (`withDependencies(from:)`), and
/// `withEscapedDependencies`, rewritten for this package.
@Suite struct DependencyTests {
  init() { installIssueReporter() }

  @Test func aChildModelKeepsItsParentsDependencies() {
    #expect(Model().int == 3 && Model().string == "test", "the test values")
    let model = withDependencies {
      $0.full.value = 1729
    } operation: {
      withDependencies {
        $0.optional = "howdy"
      } operation: {
        Model()
      }
    }
    #expect(model.int == 1729 && model.string == "howdy")

    let child = model.child()
    let grandchild = child.child()
    for descendant in [child, grandchild] {
      #expect(descendant.int == 1729 && descendant.string == "howdy")
      withDependencies {
        $0.full.value = 0
        $0.optional = "cya"
      } operation: {
        #expect(descendant.int == 0 && descendant.string == "cya", "bound where read wins")
      }
      #expect(descendant.int == 1729 && descendant.string == "howdy")
    }

    let greatGrandchild = withDependencies {
      $0.full.value = 9000
      $0.optional = "cool"
    } operation: {
      grandchild.child()
    }
    #expect(greatGrandchild.int == 9000 && greatGrandchild.string == "cool")
  }

  @Test func aChildModelKeepsItsParentsDependenciesAcrossSuspensions() async {
    let model = await withDependencies {
      await Task.yield()
      $0.full.value = 1729
    } operation: {
      await withDependencies {
        await Task.yield()
        $0.optional = "howdy"
      } operation: { () -> Model in
        await Task.yield()
        return Model()
      }
    }
    let child = await model.child()
    let grandchild = await child.child()
    #expect(grandchild.int == 1729 && grandchild.string == "howdy")
    await withDependencies {
      await Task.yield()
      $0.full.value = 0
    } operation: {
      await Task.yield()
      #expect(grandchild.int == 0 && grandchild.string == "howdy")
    }
    let greatGrandchild = await withDependencies {
      $0.full.value = 9000
    } operation: {
      await grandchild.child()
    }
    #expect(greatGrandchild.int == 9000 && greatGrandchild.string == "howdy")
  }

  @Test func updateChangesTheModelsDependenciesForTheOperationOnly() {
    let model = withDependencies {
      $0.full.value = 5
    } operation: {
      Model()
    }
    let child = withDependencies(from: model) {
      $0.optional = "child"
    } operation: {
      Model()
    }
    #expect(child.int == 5 && child.string == "child")
    #expect(model.string == "test")
  }

  @Test func aModelWithoutDependenciesIsReportedAndTheOperationStillRuns() {
    withKnownIssue {
      let value = withDependencies(from: Plain()) {
        @Dependency(\.full.value) var value
        return value
      }
      #expect(value == 3)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "You are trying to propagate dependencies to a child model from a model with no "
            + "dependencies. To fix this, the given 'Plain' must be returned from another "
            + "'withDependencies' closure, or the class must hold at least one '@Dependency'")
      }
    }
  }

  @Test func anEscapedClosureRunsWithTheDependenciesItWasCapturedWith() async {
    let read = await withDependencies {
      $0.full.value = 999
    } operation: {
      withEscapedDependencies { dependencies in
        // A closure that outlives the scope and runs on another thread, later.
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        DispatchQueue.global().async {
          dependencies.yield {
            @Dependency(\.full.value) var value
            continuation.yield(value)
            continuation.finish()
          }
        }
        return stream
      }
    }.first { _ in true }
    #expect(read == 999)
  }

  @Test func yieldWinsOverWhatIsBoundWhereItRuns() {
    let captured = withDependencies {
      $0.full.value = 1
    } operation: {
      withEscapedDependencies { $0 }
    }
    let (inside, overridden) = withDependencies {
      $0.full.value = 2
    } operation: {
      captured.yield {
        @Dependency(\.full.value) var value
        let overridden = withDependencies {
          $0.full.value = 3
        } operation: {
          value
        }
        return (value, overridden)
      }
    }
    #expect(inside == 1, "the captured dependencies, not those bound around yield")
    #expect(overridden == 3, "an override inside yield still applies")
  }

  @Test func anAsynchronousYieldKeepsTheCapturedDependenciesAcrossSuspensions() async {
    let captured = withDependencies {
      $0.full.value = 42
    } operation: {
      withEscapedDependencies { $0 }
    }
    let value = await captured.yield {
      await Task.yield()
      @Dependency(\.full.value) var value
      return value
    }
    #expect(value == 42)
  }
}
