import Testing

@Test func ComposableMotionTestsPlaceholder() {
  #expect(Bool(true))
}
