#!/usr/bin/env bash
# Two builds of fusion-benchmark (before and after a change) taking turns beside VQF's C++ on the same
# recording, in the same run: one line per round with each one's samples per CPU-second and its ratio to VQF,
# then the medians. On a shared machine the turns put the neighbours' load on all three alike; the load
# average is printed with each round.
# Usage: Benchmarks/scripts/fusion-ab-vs-vqf.sh OLD_BENCHMARK NEW_BENCHMARK RECORDING.csv[.gz] [ROUNDS] [REPEATS]
#   OLD_BENCHMARK, NEW_BENCHMARK  fusion-benchmark binaries (for example one built from main, copied aside, and
#                                 Benchmarks/.build/release/fusion-benchmark)
# Needs: python3 with numpy and vqf (`pip install vqf numpy`).
set -euo pipefail
usage="usage: Benchmarks/scripts/fusion-ab-vs-vqf.sh OLD_BENCHMARK NEW_BENCHMARK RECORDING.csv[.gz] [ROUNDS] [REPEATS]"
old=${1:?$usage}
new=${2:?$usage}
recording=${3:?$usage}
rounds=${4:-6}
repeats=${5:-5}
scripts=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case "$recording" in
  *.gz) zcat "$recording" > "$work/recording.csv" ;;
  *) cp "$recording" "$work/recording.csv" ;;
esac
# One mode of one build: its best rate over the repeats.
rate() { "$1" "$work/recording.csv" --repeat "$repeats" --only "$2" | awk '{print $(NF-3)}'; }
printf '%-6s %-14s %10s %10s %10s %10s %10s %7s %7s %7s %7s\n' round load VQF old-9D new-9D old-9D+cal new-9D+cal \
  old/VQF new/VQF oldc/VQF newc/VQF
for round in $(seq "$rounds"); do
  vqf=$(python3 "$scripts/vqf-rate.py" "$work/recording.csv" "$repeats" --9d-only | cut -d' ' -f1)
  if [ $((round % 2)) -eq 1 ]; then
    o9=$(rate "$old" 9d); n9=$(rate "$new" 9d); oc=$(rate "$old" 9d-calibrated); nc=$(rate "$new" 9d-calibrated)
  else
    n9=$(rate "$new" 9d); o9=$(rate "$old" 9d); nc=$(rate "$new" 9d-calibrated); oc=$(rate "$old" 9d-calibrated)
  fi
  load=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' '/')
  echo "$round $load $vqf $o9 $n9 $oc $nc" | awk '{printf "%-6s %-14s %10d %10d %10d %10d %10d %7.2f %7.2f %7.2f %7.2f\n", $1, $2, $3, $4, $5, $6, $7, $4/$3, $5/$3, $6/$3, $7/$3}'
done | tee "$work/rounds.txt"
python3 - "$work/rounds.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
names = ['old/VQF', 'new/VQF', 'oldc/VQF', 'newc/VQF']
print('median ' + '  '.join('%s %.2f' % (name, statistics.median(float(r[7 + i]) for r in rows))
                            for i, name in enumerate(names))
      + '  new/old 9D %.3f  9D+cal %.3f' % (
          statistics.median(float(r[4]) / float(r[3]) for r in rows),
          statistics.median(float(r[6]) / float(r[5]) for r in rows)))
PY
