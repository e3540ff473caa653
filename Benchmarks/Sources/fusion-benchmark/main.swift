print("fusion-benchmark: not yet written")
