// The World Magnetic Model and the position type `MotionClient.setLocation` takes.
@_exported import Geomagnetism
// `AnyHashableSendable`, used in this module's public API, lives in the tiny SensorsCore target
// that every layer shares; re-exported so one import is enough.
@_exported import SensorsCore
