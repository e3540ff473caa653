import Testing

@Test func ComposableStoreTestsPlaceholder() {
  #expect(Bool(true))
}
