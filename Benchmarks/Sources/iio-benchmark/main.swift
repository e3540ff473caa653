print("iio-benchmark: not yet written")
