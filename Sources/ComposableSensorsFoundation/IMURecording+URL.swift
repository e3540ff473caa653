public import ComposableMotion

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension IMURecording {
  /// Reads and parses the CSV at `url` (a file URL); see
  /// ``ComposableMotion/IMURecording/init(contentsOf:)-(String)``, which takes a path.
  ///
  /// - Parameter url: a `file:` URL of the recording.
  public init(contentsOf url: URL) throws(IMURecordingError) {
    try self.init(contentsOf: url.path)
  }
}
