// The static app again, plus the opt-in ComposableSensorsFoundation product (URL, Data and Date
// conveniences, on FoundationEssentials): what an app that also takes those conveniences pays.
import ComposableLocation
import ComposableMotion
import ComposableSensorsFoundation
import FoundationEssentials
import StaticAppCore

@main
struct StaticAppFoundation {
  static func main() async {
    let replay = LocationClient.replay(contentsOf: URL(filePath: "/dev/null"))
    let recording = try? IMURecording(contentsOf: URL(filePath: "/dev/null"))
    print(await useEveryProduct(), replay, recording == nil, Timestamp(Date()).date)
  }
}
