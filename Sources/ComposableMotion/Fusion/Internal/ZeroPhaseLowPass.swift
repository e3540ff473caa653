/// A second-order Butterworth low-pass run forwards and then backwards over a whole series, so its output
/// has no lag: each value is an average of its past and its future. Entries marked invalid are skipped
/// and take the output of the nearest valid entry before them (after them at the start).
enum ZeroPhaseLowPass {
  static func filter<Vector: SIMD>(
    _ values: inout [Vector], valid: [Bool], coefficients c: LowPassCoefficients
  ) where Vector.Scalar == Double {
    guard let first = valid.firstIndex(of: true) else { return }
    run(&values, valid: valid, indices: values.indices, start: values[first], coefficients: c)
    guard let last = valid.lastIndex(of: true) else { return }
    run(
      &values, valid: valid, indices: values.indices.reversed(), start: values[last],
      coefficients: c)
  }

  /// One pass in the order of `indices`, starting settled at `start` (a constant input gives a constant
  /// output, without a transient from zero).
  private static func run<Vector: SIMD, Indices: Sequence<Int>>(
    _ values: inout [Vector], valid: [Bool], indices: Indices, start: Vector,
    coefficients c: LowPassCoefficients
  ) where Vector.Scalar == Double {
    var state0 = start * (1 - c.b0)
    var state1 = start * (c.b2 - c.a2)
    var held = start
    for index in indices {
      guard valid[index] else {
        values[index] = held
        continue
      }
      let x = values[index]
      let y = c.b0 * x + state0
      state0 = c.b1 * x - c.a1 * y + state1
      state1 = c.b2 * x - c.a2 * y
      values[index] = y
      held = y
    }
  }
}
