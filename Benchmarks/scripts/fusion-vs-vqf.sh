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
# Alternate the two so that load from other processes hits both alike; each prints its best pass.
for round in 1 2 3; do
  echo "round $round"
  Benchmarks/.build/release/fusion-benchmark "$work/recording.csv" --repeat "$repeats"
  python3 Benchmarks/scripts/vqf-rate.py "$work/recording.csv" "$repeats" | awk '{
    printf "VQF C++ (pip vqf, updateBatch)   9D: %10.0f samples/s\n", $1
    printf "VQF C++ (pip vqf, updateBatch)   6D: %10.0f samples/s\n", $2 }'
done
