import Testing

@Test func ComposableLocationTestsPlaceholder() {
  #expect(Bool(true))
}
