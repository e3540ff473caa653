import Testing

@Test func LinuxIIOTestsPlaceholder() {
  #expect(Bool(true))
}
