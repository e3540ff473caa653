import Testing

@Test func ComposableSensorsTestingTestsPlaceholder() {
  #expect(Bool(true))
}
