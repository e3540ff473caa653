import Testing

@Test func sensorsDemoPlaceholder() {
  #expect(Bool(true))
}
