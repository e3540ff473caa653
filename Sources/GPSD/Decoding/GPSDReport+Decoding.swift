extension GPSDReport {
  /// Decodes one line from gpsd (one JSON object; a trailing CR/LF is allowed).
  ///
  /// A pure function over bytes: it allocates nothing for a TPV report beyond short strings that fit
  /// inline, skips members and classes it does not model, and turns every malformed input into a
  /// ``GPSDDecodingError`` rather than trapping.
  ///
  /// - Parameter line: the bytes of the line, without framing.
  public static func decode(_ line: UnsafeRawBufferPointer) throws(GPSDDecodingError) -> GPSDReport
  {
    guard let start = line.baseAddress, line.count > 0 else { throw .emptyLine }
    let bytes = start.assumingMemoryBound(to: UInt8.self)
    var scanner = JSONScanner(base: bytes, count: line.count)
    return try ReportDecoder.decode(&scanner)
  }

  /// Decodes one line from gpsd held in any contiguous byte collection (e.g. `[UInt8]`, `ArraySlice`).
  public static func decode<Bytes: Collection>(
    _ line: Bytes
  ) throws(GPSDDecodingError) -> GPSDReport where Bytes.Element == UInt8 {
    let contiguous = line.withContiguousStorageIfAvailable { buffer in
      Self.outcome(UnsafeRawBufferPointer(buffer))
    }
    let outcome = contiguous ?? Array(line).withUnsafeBytes { Self.outcome($0) }
    return try outcome.get()
  }

  private static func outcome(_ line: UnsafeRawBufferPointer) -> Result<
    GPSDReport, GPSDDecodingError
  > {
    do {
      return .success(try decode(line))
    } catch {
      return .failure(error)
    }
  }

  /// Decodes one line from gpsd given as text.
  public static func decode(_ line: String) throws(GPSDDecodingError) -> GPSDReport {
    var line = line
    return try line.withUTF8 { Self.outcome(UnsafeRawBufferPointer($0)) }.get()
  }
}
