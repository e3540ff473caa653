import Testing

@Test func GPSDIntegrationTestsPlaceholder() {
  #expect(Bool(true))
}
