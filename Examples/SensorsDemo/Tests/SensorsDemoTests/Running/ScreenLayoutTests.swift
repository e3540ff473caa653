import ComposableLocation
import ComposableMotion
import Testing

@testable import SensorsDemoFeatures

@Suite("Screen layout")
struct ScreenLayoutTests {
  @Test("long lines are cut at a word boundary with an ellipsis, never wider than the screen")
  func truncation() {
    let line = "satellites  8 used of 12 in view   fixes 134"
    let cut = ScreenLayout.truncate(line, to: 30)
    #expect(cut == "satellites  8 used of 12 in…")
    #expect(cut.count <= 30)
    #expect(ScreenLayout.truncate("short", to: 30) == "short")
  }

  @Test("body lines wrap at spaces onto indented rows, never mid-word")
  func wrapping() {
    let rows = ScreenLayout.wrap("  error: gpsd at 127.0.0.1:2947 never answered", to: 24)
    #expect(rows == ["  error: gpsd at", "    127.0.0.1:2947 never", "    answered"])
    #expect(ScreenLayout.wrap("fits", to: 24) == ["fits"])
  }

  @Test("the header stays on top and the keys on the last row when the body is too tall")
  func heightIsKept() {
    let rows = ScreenLayout.fit(
      header: ["title", "source"], body: (1...30).map { "row \($0)" }, footer: ["q: quit"],
      width: 60, height: 15)
    #expect(rows.count == 15)
    #expect(rows.first == "title")
    #expect(rows.last == "q: quit")
    #expect(rows[rows.count - 2].hasPrefix("… (19 more rows"))
  }

  @Test(
    "every view fits 80×24 and 60×15: no row wider than the screen, header and keys shown",
    arguments: [(80, 24), (60, 15)])
  func everyViewFits(columns: Int, rows: Int) {
    var location = LocationFeature.State()
    location.location = .test(speed: 3.5, course: 271)
    location.satellites = (1...14).map {
      Satellite(
        prn: $0, azimuth: 10 * Double($0), elevation: 5 * Double($0), signalStrength: 30,
        used: $0 < 8)
    }
    location.service = .connected(release: "3.25")
    var dashboard = DashboardFeature.State()
    dashboard.location = location
    dashboard.motion.latest = .test()
    let description = RunDescription(
      title: "sensors-demo",
      source:
        "motion: the bundled IMU recording (20 s of BROAD trial 02, CC-BY-4.0) · location: the bundled gpsd capture",
      kind: .replay, hint: "live: --live")
    let frames: [[String]] = [
      runner(description, DashboardFeature.presentation).frame(
        dashboard, ending: nil, columns: columns, rows: rows),
      runner(description, LocationFeature.presentation).frame(
        location, ending: nil, columns: columns, rows: rows),
      runner(description, MotionFeature.presentation).frame(
        dashboard.motion, ending: nil, columns: columns, rows: rows),
    ]
    for frame in frames {
      #expect(frame.count <= rows)
      #expect(frame.allSatisfy { $0.count <= columns }, "\(frame.filter { $0.count > columns })")
      #expect(frame.first?.contains("REPLAY") == true)
      #expect(frame.last?.contains("q: quit") == true)
    }
  }

  @Test("at 80 columns no view needs wrapping: every body row of a filled state fits as written")
  func nothingWrapsAt80Columns() {
    var location = LocationFeature.State()
    location.location = .test(speed: 3.5, course: 271)
    location.service = .connected(release: "3.25")
    var dashboard = DashboardFeature.State()
    dashboard.location = location
    dashboard.motion.latest = .test()
    var tilt = TiltFeature.State()
    tilt.gravity = Acceleration(x: 0.2, y: -0.1, z: -0.95)
    let bodies = [
      DashboardFeature.presentation.screen(dashboard),
      LocationFeature.presentation.screen(location),
      MotionFeature.presentation.screen(dashboard.motion),
      TiltFeature.presentation.screen(tilt),
    ]
    for body in bodies {
      #expect(body.allSatisfy { $0.count <= 80 }, "\(body.filter { $0.count > 80 })")
    }
  }

  @Test("a device lying flat is labelled flat, not tilted backward")
  func lyingFlat() {
    #expect(TiltFeature.FrontalTilt(gravityZ: -1) == .faceUp)
    #expect(TiltFeature.FrontalTilt(gravityZ: 0.95) == .faceDown)
    #expect(TiltFeature.FrontalTilt(gravityZ: -0.5) == .backward)
    #expect(TiltFeature.describe(frontal: .faceUp, lateral: .none) == "lying flat, face up")
  }

  @Test("the satellite table lists used satellites first, strongest first, like cgps")
  func satelliteTable() {
    let table = LocationFeature.satelliteTable([
      Satellite(prn: 3, azimuth: 90, elevation: 10, signalStrength: 20, used: false),
      Satellite(prn: 7, azimuth: 180, elevation: 45, signalStrength: 41, used: true),
    ])
    #expect(
      table == [
        "  PRN   elev   azim  signal  used", "    7    45°   180°   41 dB     Y",
        "    3    10°    90°   20 dB     N",
      ])
  }

  @Test("sparklines say their scale")
  func sparklineScale() {
    #expect(
      Sparkline.labelled([0, 0.5, 1], width: 3, decimals: 1, unit: "g") == "▁▅█  +0.0 … +1.0 g")
  }

  private func runner<State: Sendable, Action: Sendable>(
    _ description: RunDescription, _ presentation: Presentation<State, Action>
  ) -> FeatureRunner<State, Action> {
    FeatureRunner(
      description: description, presentation: presentation, start: [], stop: { _ in [] },
      isFinished: { _ in false })
  }
}
