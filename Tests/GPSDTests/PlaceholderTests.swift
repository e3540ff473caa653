import Testing

@Test func GPSDTestsPlaceholder() {
  #expect(Bool(true))
}
