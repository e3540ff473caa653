/// Fits a view into the terminal: no line wider than the screen (body lines wrap at word
/// boundaries onto indented continuation rows; header and footer lines, and words wider than the
/// screen, are cut and end in "…"), the header always on top, the footer always on the last row,
/// and body rows dropped from the bottom when the screen is too short.
enum ScreenLayout {
  /// The rows to draw on a `width` × `height` screen; at most `height` rows.
  static func fit(header: [String], body: [String], footer: [String], width: Int, height: Int)
    -> [String]
  {
    let width = max(width, 10)
    let height = max(height, 1)
    let header = header.map { truncate($0, to: width) }
    let footer = footer.map { truncate($0, to: width) }
    let room = height - header.count - footer.count
    guard room > 0 else { return Array((header + footer).prefix(height)) }
    var body = body.flatMap { wrap($0, to: width) }
    if body.count > room {
      body =
        Array(body.prefix(room - 1)) + [
          truncate("… (\(body.count - room + 1) more rows: enlarge the terminal)", to: width)
        ]
    }
    // Blank rows push the footer onto the last row, where the keys always are.
    return header + body + Array(repeating: "", count: room - body.count) + footer
  }

  /// `line` as rows of at most `width` characters, broken at spaces; continuation rows are
  /// indented two more than the line.
  static func wrap(_ line: String, to width: Int) -> [String] {
    let indent = String(line.prefix { $0 == " " }) + "  "
    var rows: [String] = []
    var rest = Substring(line)
    while rest.count > width {
      let head = rest.prefix(width + 1)
      guard let space = head.lastIndex(of: " "),
        head[..<space].contains(where: { $0 != " " }),
        head.distance(from: head.startIndex, to: space) > indent.count
      else { break }
      rows.append(String(rest[..<space].reversed().drop { $0 == " " }.reversed()))
      rest = Substring(indent + rest[space...].drop { $0 == " " })
    }
    rows.append(truncate(String(rest), to: width))
    return rows
  }

  /// `line` if it fits in `width` characters, else its longest prefix ending at a space that
  /// fits with "…" after it (or a hard cut when one word is wider than the screen).
  static func truncate(_ line: String, to width: Int) -> String {
    guard line.count > width else { return line }
    let kept = line.prefix(width - 1)
    if let space = kept.lastIndex(of: " "),
      kept.distance(from: kept.startIndex, to: space) > width / 2
    {
      let cut = kept[..<space]
      return String(cut.reversed().drop(while: { $0 == " " }).reversed()) + "…"
    }
    return String(kept) + "…"
  }
}
