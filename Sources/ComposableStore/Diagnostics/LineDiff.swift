/// A line diff of two dumps, for failure messages: unchanged lines start with two spaces,
/// lines only in `expected` with "−", lines only in `actual` with "+". Long runs of unchanged
/// lines are folded to keep the message about the change.
///
/// Returns `nil` when the dumps are equal line for line.
package func lineDiff(expected: [String], actual: [String], context: Int = 2) -> String? {
  guard expected != actual else { return nil }
  let edits = diffEdits(expected, actual)
  var output: [String] = []
  var index = 0
  while index < edits.count {
    guard case .same = edits[index].kind else {
      output.append(edits[index].rendered)
      index += 1
      continue
    }
    var end = index
    while end < edits.count, case .same = edits[end].kind { end += 1 }
    let run = edits[index..<end]
    let keepHead = index == 0 ? 0 : context
    let keepTail = end == edits.count ? 0 : context
    if run.count > keepHead + keepTail + 1 {
      output += run.prefix(keepHead).map(\.rendered)
      output.append("  … (\(run.count - keepHead - keepTail) unchanged)")
      output += run.suffix(keepTail).map(\.rendered)
    } else {
      output += run.map(\.rendered)
    }
    index = end
  }
  return output.joined(separator: "\n")
}

struct DiffEdit {
  enum Kind { case same, removed, inserted }
  let kind: Kind
  let line: String

  var rendered: String {
    switch kind {
    case .same: "  " + line
    case .removed: "− " + line
    case .inserted: "+ " + line
    }
  }
}

/// A shortest edit script between two line lists, by longest common subsequence, after
/// trimming the common head and tail (states usually differ in a few lines).
func diffEdits(_ old: [String], _ new: [String]) -> [DiffEdit] {
  var head = 0
  while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
  var tail = 0
  while tail < old.count - head, tail < new.count - head,
    old[old.count - 1 - tail] == new[new.count - 1 - tail]
  {
    tail += 1
  }
  let oldMiddle = Array(old[head..<(old.count - tail)])
  let newMiddle = Array(new[head..<(new.count - tail)])
  var edits = old[..<head].map { DiffEdit(kind: .same, line: $0) }
  edits += middleEdits(oldMiddle, newMiddle)
  edits += old[(old.count - tail)...].map { DiffEdit(kind: .same, line: $0) }
  return edits
}

private func middleEdits(_ old: [String], _ new: [String]) -> [DiffEdit] {
  // Quadratic table; beyond this size a plain "all removed, all inserted" is clearer anyway.
  guard old.count * new.count <= 1_000_000 else {
    return old.map { DiffEdit(kind: .removed, line: $0) }
      + new.map { DiffEdit(kind: .inserted, line: $0) }
  }
  let rows = old.count + 1
  let columns = new.count + 1
  var lengths = [Int](repeating: 0, count: rows * columns)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      lengths[i * columns + j] =
        old[i] == new[j]
        ? lengths[(i + 1) * columns + j + 1] + 1
        : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
    }
  }
  var edits: [DiffEdit] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      edits.append(DiffEdit(kind: .same, line: old[i]))
      i += 1
      j += 1
    } else if i < old.count,
      j == new.count || lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1]
    {
      // Removals first, so a changed line reads "− old" then "+ new".
      edits.append(DiffEdit(kind: .removed, line: old[i]))
      i += 1
    } else {
      edits.append(DiffEdit(kind: .inserted, line: new[j]))
      j += 1
    }
  }
  return edits
}
