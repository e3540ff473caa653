import SensorsTestSupport

extension FakePeer {
  /// gpsd's greeting.
  static let version = line(
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
  /// gpsd's answer to the client's WATCH.
  static let watchAccepted = line(
    #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0}"#)
  /// A 3D fix.
  static let tpv = line(
    #"{"class":"TPV","device":"/dev/fake","mode":3,"time":"2020-03-18T13:28:19.600Z","lat":41.5,"lon":-93.75}"#
  )
}
