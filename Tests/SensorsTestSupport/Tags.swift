import Testing

extension Tag {
  /// Tests that need the world outside the process: real gpsd under gpsfake, `umockdev-run`,
  /// child processes, or real time (a wall-clock wait, a reader thread the machine must schedule).
  ///
  /// `scripts/test` runs them as their own step (`scripts/test integration`), after the unit step,
  /// which must pass on `TestClock`s and events alone.
  @Tag public static var integration: Self

  /// Tests that repeat an operation many times (long loops, many concurrent tasks, many
  /// start/stop cycles) to shake out races. They run as the last step of `scripts/test`
  /// (`scripts/test stress`).
  @Tag public static var stress: Self
}
