/// A second-order Butterworth low-pass run forwards and backwards over a whole series, so its output
/// has no lag: each value is an average of its past and its future. The result is the mean of
/// forwards-then-backwards and backwards-then-forwards, which differ only near the ends, so reversing the
/// series reverses the result exactly. Entries marked invalid are skipped; they end up with the mean of
/// the outputs of the nearest valid entries on either side.
enum ZeroPhaseLowPass {
  static func filter<Vector: SIMD & Sendable>(
    _ values: inout [Vector], valid: [Bool], coefficients c: LowPassCoefficients
  ) where Vector.Scalar == Double {
    guard let first = valid.firstIndex(of: true), let last = valid.lastIndex(of: true) else {
      return
    }
    let forwards = values.indices
    let backwards = values.indices.reversed()
    var reverseFirst = values
    run(&values, valid: valid, indices: forwards, start: values[first], coefficients: c)
    run(&values, valid: valid, indices: backwards, start: values[last], coefficients: c)
    run(&reverseFirst, valid: valid, indices: backwards, start: reverseFirst[last], coefficients: c)
    run(&reverseFirst, valid: valid, indices: forwards, start: reverseFirst[first], coefficients: c)
    for index in values.indices { values[index] = (values[index] + reverseFirst[index]) / 2 }
  }

  /// One pass in the order of `indices`, starting settled at `start` (a constant input gives a constant
  /// output, without a transient from zero).
  private static func run<Vector: SIMD & Sendable, Indices: Sequence<Int>>(
    _ values: inout [Vector], valid: [Bool], indices: Indices, start: Vector,
    coefficients c: LowPassCoefficients
  ) where Vector.Scalar == Double {
    var section = LowPassSection(settledAt: start, coefficients: c)
    var held = start
    for index in indices {
      guard valid[index] else {
        values[index] = held
        continue
      }
      let y = section.filter(values[index], coefficients: c)
      values[index] = y
      held = y
    }
  }
}
