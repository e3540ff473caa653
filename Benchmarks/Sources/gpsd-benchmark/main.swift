print("gpsd-benchmark: not yet written")
