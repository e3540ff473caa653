# VQF's C++ filter (pip `vqf`, batch call) on a recording: prints its best rate over REPEATS passes, in
# samples per CPU-second of this thread, as "NINE SIX" (9D and 6D). Used by fusion-vs-vqf.sh and
# fusion-ab-vs-vqf.sh, so that both measure VQF the same way. VQF's code is never part of this repository.
# Usage: python3 Benchmarks/scripts/vqf-rate.py RECORDING.csv REPEATS [--9d-only]
import sys
import time

import numpy as np
import vqf

path, repeats = sys.argv[1], int(sys.argv[2])
with open(path) as f:
    header = f.readline().strip().split(',')
data = np.genfromtxt(path, delimiter=',', skip_header=1)
col = lambda names: np.ascontiguousarray(data[:, [header.index(n) for n in names]])
gyr, acc = col(['gyr_x', 'gyr_y', 'gyr_z']), col(['acc_x', 'acc_y', 'acc_z'])
mag = col(['mag_x', 'mag_y', 'mag_z'])
dt = float(np.median(np.diff(data[:, header.index('t')])))


def best(run):
    rates = []
    for _ in range(repeats):
        start = time.thread_time()
        run()
        rates.append(len(gyr) / (time.thread_time() - start))
    return max(rates)


nine = best(lambda: vqf.VQF(dt).updateBatch(gyr, acc, mag))
six = 0.0 if '--9d-only' in sys.argv else best(lambda: vqf.VQF(dt).updateBatch(gyr, acc))
print('%.0f %.0f' % (nine, six))
