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

rate() { sed -n 's/.*= \([0-9]*\) msgs\/s.*/\1/p' | head -1; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The two decoders take turns, one repetition each, so a change in the machine's load (other
# builds on shared cores) weighs on both alike; the medians and the ratio of each pair are printed.
echo
echo "== libgps gps_unpack (C, libgps $(pkg-config --modversion libgps 2>/dev/null || echo '?')) and GPSDReport.decode (Swift, release), alternating"
: >"$WORK/c" ; : >"$WORK/swift"
for rep in $(seq 1 "$REPEATS"); do
  C_OUT=$("$WORK/libgps_unpack_bench" "$WORK/tpv.jsonl" "$MESSAGES" 1)
  SWIFT_OUT=$(LD_PRELOAD="$WORK/malloc_count.so" "$SWIFT_BENCH" "$WORK/tpv.jsonl" "$MESSAGES" 1)
  [ "$rep" = 1 ] && echo "$SWIFT_OUT" | grep '^heap allocations'
  c=$(echo "$C_OUT" | rate); s=$(echo "$SWIFT_OUT" | rate)
  echo "$c" >>"$WORK/c"; echo "$s" >>"$WORK/swift"
  awk -v r="$rep" -v c="$c" -v s="$s" 'BEGIN { printf "rep %d: libgps %d TPV/s, Swift %d TPV/s, ratio %.2fx\n", r, c, s, s / c }'
done

C_RATE=$(median <"$WORK/c")
SWIFT_RATE=$(median <"$WORK/swift")
echo
printf '%-28s %14s\n' "decoder" "TPV/s (median)"
printf '%-28s %14s\n' "libgps gps_unpack" "$C_RATE"
printf '%-28s %14s\n' "GPSDReport.decode" "$SWIFT_RATE"
awk -v s="$SWIFT_RATE" -v c="$C_RATE" 'BEGIN { printf "ratio Swift / libgps: %.2fx (goal >= 3.00x)\n", s / c }'
