// sensors-demo: the sample app of composable-sensors. Everything but the process boundary lives
// in SensorsDemoFeatures, where tests can reach it.
import SensorsDemoFeatures

#if canImport(Glibc)
  import Glibc
#endif

exit(await SensorsDemo.main(Array(CommandLine.arguments.dropFirst())))
