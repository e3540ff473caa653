#!/usr/bin/env bash
# TPV decode throughput: our decoder (GPSD.GPSDReport.decode) and libgps's gps_unpack, on the same real
# TPV lines (every TPV gpsd 3.22 sent in the repository's fixture captures), in one run, side by side.
#
# usage: Benchmarks/scripts/gpsd-decode-vs-libgps.sh [MESSAGES] [REPEATS]
# needs: gcc, libgps-dev (apt-get install libgps-dev), the Swift toolchain.
set -euo pipefail
cd "$(dirname "$0")/../.."
MESSAGES=${1:-1000000}
REPEATS=${2:-5}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cat Tests/GPSDTests/Fixtures/*.jsonl | grep '^{"class":"TPV"' > "$WORK/tpv.jsonl"
echo "input: $(wc -l < "$WORK/tpv.jsonl") real TPV lines from Tests/GPSDTests/Fixtures (gpsd 3.22 captures)"

gcc -O2 -Wall -o "$WORK/libgps_unpack_bench" Benchmarks/scripts/libgps_unpack_bench.c -lgps -lm
gcc -O2 -Wall -shared -fPIC -o "$WORK/malloc_count.so" Benchmarks/scripts/malloc_count.c
swift build -c release --package-path Benchmarks --product gpsd-benchmark >/dev/null
SWIFT_BENCH=$(swift build -c release --package-path Benchmarks --show-bin-path)/gpsd-benchmark

median() { sed -n 's/.*median of [0-9]* = \([0-9]*\) msgs\/s.*/\1/p'; }

echo
echo "== libgps gps_unpack (C, libgps $(pkg-config --modversion libgps 2>/dev/null || echo '?'))"
C_OUT=$("$WORK/libgps_unpack_bench" "$WORK/tpv.jsonl" "$MESSAGES" "$REPEATS")
echo "$C_OUT"
echo
echo "== GPSDReport.decode (Swift, release)"
SWIFT_OUT=$(LD_PRELOAD="$WORK/malloc_count.so" "$SWIFT_BENCH" "$WORK/tpv.jsonl" "$MESSAGES" "$REPEATS")
echo "$SWIFT_OUT"

C_RATE=$(echo "$C_OUT" | median)
SWIFT_RATE=$(echo "$SWIFT_OUT" | median)
echo
printf '%-28s %14s\n' "decoder" "TPV/s (median)"
printf '%-28s %14s\n' "libgps gps_unpack" "$C_RATE"
printf '%-28s %14s\n' "GPSDReport.decode" "$SWIFT_RATE"
awk -v s="$SWIFT_RATE" -v c="$C_RATE" 'BEGIN { printf "ratio Swift / libgps: %.2fx (goal >= 1.00x)\n", s / c }'
