/// The demultiplexing steps of a scan layout, grouped by storage kind so that the hot loop
/// has no per-value branches.
///
/// Each value is read as its storage word, byte-swapped to host order, then moved with one
/// left shift (dropping the bits above the value) and one right shift (dropping the bits below
/// it, arithmetic when signed): masking and sign extension in two instructions. Values of one
/// kind (say big-endian signed 32-bit) are done together, for every scan of a read, before the
/// next kind, so the branch on the kind is taken once per group per read, not once per value.
struct DemuxProgram: Hashable, Sendable {
  struct Step: Hashable, Sendable {
    /// Byte offset of the stored word in the scan.
    var offset: Int
    /// Index of the value among one scan's values.
    var output: Int
    var leftShift: UInt64
    var rightShift: UInt64
  }

  struct Group: Hashable, Sendable {
    var storageBytes: Int
    var bigEndian: Bool
    var isSigned: Bool
    var steps: [Step]
  }

  let groups: [Group]
  let valueCount: Int

  init(elements: [IIOScanLayout.Element]) {
    var groups: [Group] = []
    var output = 0
    for element in elements {
      let type = element.type
      for repetition in 0..<type.repeatCount {
        let step = Step(
          offset: element.offset + repetition * type.storageBytes, output: output,
          leftShift: UInt64(64 - type.shift - type.realBits), rightShift: UInt64(64 - type.realBits)
        )
        output += 1
        let big = type.endianness == .big
        if let index = groups.firstIndex(where: {
          $0.storageBytes == type.storageBytes && $0.bigEndian == big
            && $0.isSigned == type.isSigned
        }) {
          groups[index].steps.append(step)
        } else {
          groups.append(
            Group(
              storageBytes: type.storageBytes, bigEndian: big, isSigned: type.isSigned,
              steps: [step]))
        }
      }
    }
    self.groups = groups
    self.valueCount = output
  }

  /// Demultiplexes `scans` consecutive scans from `input` into `output`. The caller has checked
  /// that `input` holds `scans × scanSize` bytes and `output` `scans × valueCount` values.
  func run(
    input: UnsafeRawPointer, scanSize: Int, output: UnsafeMutablePointer<Int64>, valueCount: Int,
    scans: Int
  ) {
    for group in groups {
      group.steps.withUnsafeBufferPointer { steps in
        let frame = Frame(
          input: input, scanSize: scanSize, output: output, valueCount: valueCount, scans: scans)
        switch group.storageBytes {
        case 1:
          frame.run(UInt8.self, steps: steps, bigEndian: group.bigEndian, isSigned: group.isSigned)
        case 2:
          frame.run(UInt16.self, steps: steps, bigEndian: group.bigEndian, isSigned: group.isSigned)
        case 4:
          frame.run(UInt32.self, steps: steps, bigEndian: group.bigEndian, isSigned: group.isSigned)
        default:
          frame.run(UInt64.self, steps: steps, bigEndian: group.bigEndian, isSigned: group.isSigned)
        }
      }
    }
  }

  private struct Frame {
    let input: UnsafeRawPointer
    let scanSize: Int
    let output: UnsafeMutablePointer<Int64>
    let valueCount: Int
    let scans: Int

    @inline(__always)
    func run<Word: FixedWidthInteger & UnsignedInteger>(
      _: Word.Type, steps: UnsafeBufferPointer<Step>, bigEndian: Bool, isSigned: Bool
    ) {
      // Separate loops per (endianness, signedness) keep the innermost loop branch-free.
      switch (bigEndian, isSigned) {
      case (false, false):
        loop(Word.self, steps: steps) {
          Int64(bitPattern: (UInt64(Word(littleEndian: $0)) &<< $1.leftShift) &>> $1.rightShift)
        }
      case (false, true):
        loop(Word.self, steps: steps) {
          Int64(bitPattern: UInt64(Word(littleEndian: $0)) &<< $1.leftShift)
            &>> Int64($1.rightShift)
        }
      case (true, false):
        loop(Word.self, steps: steps) {
          Int64(bitPattern: (UInt64(Word(bigEndian: $0)) &<< $1.leftShift) &>> $1.rightShift)
        }
      case (true, true):
        loop(Word.self, steps: steps) {
          Int64(bitPattern: UInt64(Word(bigEndian: $0)) &<< $1.leftShift) &>> Int64($1.rightShift)
        }
      }
    }

    @inline(__always)
    func loop<Word: FixedWidthInteger>(
      _: Word.Type, steps: UnsafeBufferPointer<Step>, _ convert: (Word, Step) -> Int64
    ) {
      var scan = input
      var target = output
      for _ in 0..<scans {
        for step in steps {
          target[step.output] = convert(
            scan.loadUnaligned(fromByteOffset: step.offset, as: Word.self), step)
        }
        scan += scanSize
        target += valueCount
      }
    }
  }
}
