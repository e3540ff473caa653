/// Renders a value as indented lines by walking it with `Mirror`, so two states can be compared
/// line by line: one stored property, element or case payload per line.
///
/// ```
/// Counter.State(
///   count: 2,
///   echoes: [
///     [0]: 1
///   ]
/// )
/// ```
package func dumpLines(_ value: Any, maxDepth: Int = 24) -> [String] {
  var lines: [String] = []
  dump(value, label: nil, indent: 0, depth: maxDepth, into: &lines)
  return lines
}

/// The one-line form of a value, for actions in messages: `.echoed(3)`.
package func dumpInline(_ value: Any) -> String {
  dumpLines(value).map { $0.trimmingLeadingSpaces() }.joined(separator: " ")
    .replacingOccurrences(of: "( ", with: "(")
    .replacingOccurrences(of: " )", with: ")")
    .replacingOccurrences(of: "[ ", with: "[")
    .replacingOccurrences(of: " ]", with: "]")
}

private func dump(_ value: Any, label: String?, indent: Int, depth: Int, into lines: inout [String])
{
  let pad = String(repeating: " ", count: indent)
  let prefix = pad + (label.map { "\($0): " } ?? "")
  let mirror = Mirror(reflecting: value)
  guard depth > 0 else {
    lines.append(prefix + "…")
    return
  }
  switch mirror.displayStyle {
  case .optional:
    if let wrapped = mirror.children.first {
      dump(wrapped.value, label: label, indent: indent, depth: depth, into: &lines)
    } else {
      lines.append(prefix + "nil")
    }
  case .enum:
    dumpEnum(
      value, mirror: mirror, prefix: prefix, pad: pad, indent: indent, depth: depth, into: &lines)
  case .struct, .class, .tuple:
    // A type with its own description (Duration, Date, a custom id) reads better as that.
    let described = mirror.displayStyle != .tuple && value is any CustomStringConvertible
    guard !mirror.children.isEmpty, !described else {
      // An empty struct or class reads as its type, as swift-custom-dump writes it: `Failure()`
      // nested in `Feature` is `Feature.Failure()`.
      let empty = !described && mirror.displayStyle != .tuple
      lines.append(
        prefix + (empty ? "\(typeName(of: value))()" : scalarDescription(value, mirror: mirror)))
      return
    }
    let open = mirror.displayStyle == .tuple ? "(" : "\(typeName(of: value))("
    lines.append(prefix + open)
    for (offset, child) in mirror.children.enumerated() {
      dump(
        child.value, label: child.label ?? "\(offset)", indent: indent + 2, depth: depth - 1,
        into: &lines)
      appendComma(&lines, unless: offset == mirror.children.count - 1)
    }
    lines.append(pad + ")")
  case .collection, .set, .dictionary:
    dumpCollection(mirror, prefix: prefix, pad: pad, indent: indent, depth: depth, into: &lines)
  default:
    lines.append(prefix + scalarDescription(value, mirror: mirror))
  }
}

private func dumpEnum(
  _ value: Any, mirror: Mirror, prefix: String, pad: String, indent: Int, depth: Int,
  into lines: inout [String]
) {
  guard let payload = mirror.children.first, let name = payload.label else {
    lines.append(prefix + "." + String(describing: value))
    return
  }
  // A payload with labels (`.threeD(satellites: 9)`) is a tuple: render its fields as arguments.
  let payloadMirror = Mirror(reflecting: payload.value)
  let fields: [(label: String?, value: Any)] =
    payloadMirror.displayStyle == .tuple
    ? payloadMirror.children.map { (label: $0.label.flatMap(argumentLabel), value: $0.value) }
    : [(label: nil, value: payload.value)]
  var rendered: [[String]] = []
  for field in fields {
    var lines: [String] = []
    dump(field.value, label: field.label, indent: indent + 2, depth: depth - 1, into: &lines)
    rendered.append(lines)
  }
  if rendered.allSatisfy({ $0.count == 1 }) {
    let arguments = rendered.map { $0[0].trimmingLeadingSpaces() }.joined(separator: ", ")
    lines.append(prefix + ".\(name)(\(arguments))")
  } else {
    lines.append(prefix + ".\(name)(")
    for (offset, field) in rendered.enumerated() {
      lines += field
      appendComma(&lines, unless: offset == rendered.count - 1)
    }
    lines.append(pad + ")")
  }
}

/// Tuple element labels are "x" for labelled elements and ".0" for unlabelled ones.
private func argumentLabel(_ label: String) -> String? {
  label.hasPrefix(".") ? nil : label
}

private func dumpCollection(
  _ mirror: Mirror, prefix: String, pad: String, indent: Int, depth: Int, into lines: inout [String]
) {
  guard !mirror.children.isEmpty else {
    lines.append(prefix + (mirror.displayStyle == .dictionary ? "[:]" : "[]"))
    return
  }
  lines.append(prefix + "[")
  var entries: [(key: String, value: Any)] = []
  for (offset, child) in mirror.children.enumerated() {
    switch mirror.displayStyle {
    case .dictionary:
      let pair = Array(Mirror(reflecting: child.value).children)
      let key = pair.first.map { dumpInline($0.value) } ?? "\(offset)"
      entries.append((key, pair.count > 1 ? pair[1].value : child.value))
    case .set:
      entries.append((dumpInline(child.value), child.value))
    default:
      entries.append(("[\(offset)]", child.value))
    }
  }
  // Dictionaries and sets have no order of their own: sort so equal values dump equally.
  if mirror.displayStyle != .collection { entries.sort { $0.key < $1.key } }
  for (offset, entry) in entries.enumerated() {
    if mirror.displayStyle == .set {
      dump(entry.value, label: nil, indent: indent + 2, depth: depth - 1, into: &lines)
    } else {
      dump(entry.value, label: entry.key, indent: indent + 2, depth: depth - 1, into: &lines)
    }
    appendComma(&lines, unless: offset == entries.count - 1)
  }
  lines.append(pad + "]")
}

private func appendComma(_ lines: inout [String], unless last: Bool) {
  guard !last, let end = lines.indices.last else { return }
  lines[end] += ","
}

private func scalarDescription(_ value: Any, mirror: Mirror) -> String {
  switch value {
  case let string as String: String(reflecting: string)
  case let character as Character: String(reflecting: character)
  default: String(describing: value)
  }
}

/// A value's type name as TCA writes it: without the module ("Counter.State"), and without the
/// generic arguments unless `genericArguments` ("Result" rather than "Result<Swift.Int, …>").
func typeName(of value: Any, genericArguments: Bool = true) -> String {
  typeName(type(of: value), genericArguments: genericArguments)
}

/// `type`'s name as TCA and swift-dependencies write it; see ``typeName(of:genericArguments:)``.
func typeName(_ type: Any.Type, genericArguments: Bool = true) -> String {
  // Drop the module prefix: "ComposableStoreTests.Counter.State" reads as "Counter.State".
  // File-private types carry "(unknown context at $…)." after the module: drop it too.
  var full = String(reflecting: type)
  if !genericArguments, let generics = full.firstIndex(of: "<") { full = String(full[..<generics]) }
  while let start = full.utf8Range(of: "(unknown context at "),
    let end = full[start.upperBound...].utf8Range(of: ").")
  {
    full.removeSubrange(start.lowerBound..<end.upperBound)
  }
  guard let dot = full.firstIndex(of: "."), !full[..<dot].contains("<") else { return full }
  return String(full[full.index(after: dot)...])
}

extension String {
  fileprivate func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " })
  }

  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    var result = ""
    var rest = self[...]
    while !target.isEmpty, let found = rest.utf8Range(of: target) {
      result += rest[..<found.lowerBound]
      result += replacement
      rest = rest[found.upperBound...]
    }
    return result + rest
  }
}
