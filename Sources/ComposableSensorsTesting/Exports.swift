// Tests use URLs and Data for fixtures: the Foundation conveniences come with the testing module.
@_exported import ComposableSensorsFoundation
// TestClock, ImmediateClock and ScriptedStream: one import gives a feature's tests everything.
@_exported import SensorsTestKit
