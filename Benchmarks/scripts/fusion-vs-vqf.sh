#!/usr/bin/env bash
# Filter throughput, ours beside VQF's C++ (pip package `vqf`, batch call), on the same recording in the
# same run, in samples per CPU-second of the running thread (the machine may be shared).
# Usage: Benchmarks/scripts/fusion-vs-vqf.sh RECORDING.csv[.gz] [REPEATS]
# Needs: python3 with numpy and vqf (`pip install vqf numpy`). VQF's code is never part of this repository.
set -euo pipefail
cd "$(dirname "$0")/../.."
recording=${1:?usage: Benchmarks/scripts/fusion-vs-vqf.sh RECORDING.csv[.gz] [REPEATS]}
repeats=${2:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case "$recording" in
  *.gz) zcat "$recording" > "$work/recording.csv" ;;
  *) cp "$recording" "$work/recording.csv" ;;
esac
swift build -c release --package-path Benchmarks --product fusion-benchmark >/dev/null
cat > "$work/vqf_rate.py" <<'PY'
import sys, time
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
        start = time.thread_time(); run(); rates.append(len(gyr) / (time.thread_time() - start))
    return max(rates)
nine = best(lambda: vqf.VQF(dt).updateBatch(gyr, acc, mag))
six = best(lambda: vqf.VQF(dt).updateBatch(gyr, acc))
print('VQF C++ (pip vqf, updateBatch)   9D: %10.0f samples/s' % nine)
print('VQF C++ (pip vqf, updateBatch)   6D: %10.0f samples/s' % six)
PY
# Alternate the two so that load from other processes hits both alike; each prints its best pass.
for round in 1 2 3; do
  echo "round $round"
  Benchmarks/.build/release/fusion-benchmark "$work/recording.csv" --repeat "$repeats"
  python3 "$work/vqf_rate.py" "$work/recording.csv" "$repeats"
done
