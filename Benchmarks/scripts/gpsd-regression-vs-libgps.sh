#!/usr/bin/env bash
# Conformance: every JSON line of gpsd's own regression suite (test/daemon/*.chk of a gpsd source tree)
# decoded by our GPSDReport.decode and by libgps's gps_unpack, compared value by value.
#
# usage: Benchmarks/scripts/gpsd-regression-vs-libgps.sh GPSD_SOURCE_TREE
#   GPSD_SOURCE_TREE: a checkout of gpsd at release-3.22 (https://gitlab.com/gpsd/gpsd, or the GitHub mirror
#   ntpsec/gpsd), e.g. `git clone --branch release-3.22 --depth 1 https://gitlab.com/gpsd/gpsd.git`.
# needs: gcc, libgps-dev 3.22 (apt-get install libgps-dev), python3, the Swift toolchain.
#
# Prints how many lines agree, and for the others which members differ, with the number of lines each.
# Classes this module does not model (AIS, RAW, RTCM2/3, SUBFRAME, LOG, OSC, ...) must decode as
# GPSDReport.unknown with the same class name; modelled classes (TPV, SKY, GST, ATT) must give the same values.
set -euo pipefail
SOURCE=${1:?usage: $0 GPSD_SOURCE_TREE}
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cat "$SOURCE"/test/daemon/*.chk | tr -d '\r' | grep -a '^{' > "$WORK/suite.jsonl"
echo "input: $(wc -l < "$WORK/suite.jsonl") JSON lines from $(ls "$SOURCE"/test/daemon/*.chk | wc -l) files in $SOURCE/test/daemon"

gcc -O2 -Wall -o "$WORK/libgps_dump" Benchmarks/scripts/libgps_dump.c -lgps -lm
swift build -c release --package-path Benchmarks --product gpsd-conformance >/dev/null
CONFORMANCE=$(swift build -c release --package-path Benchmarks --show-bin-path)/gpsd-conformance

"$WORK/libgps_dump" "$WORK/suite.jsonl" > "$WORK/libgps.txt"
"$CONFORMANCE" "$WORK/suite.jsonl" > "$WORK/ours.txt"

python3 - "$WORK/libgps.txt" "$WORK/ours.txt" "$WORK/suite.jsonl" <<'PY'
import collections, sys
theirs = open(sys.argv[1], encoding="latin-1").read().splitlines()
ours = open(sys.argv[2], encoding="latin-1").read().splitlines()
source = open(sys.argv[3], encoding="latin-1").read().splitlines()
assert len(theirs) == len(ours) == len(source), (len(theirs), len(ours), len(source))
agree = 0
members = collections.Counter()
examples = {}
for c, s, line in zip(theirs, ours, source):
    if c == s:
        agree += 1
        continue
    a, b = c.split(" "), s.split(" ")
    if a[0] != b[0] or len(a) != len(b):
        key = f"{a[0]} vs {b[0]} (class or shape)"
        members[key] += 1
        examples.setdefault(key, (line, c, s))
        continue
    for x, y in zip(a[1:], b[1:]):
        if x != y:
            key = f"{a[0]}.{x.split('=')[0]}"
            members[key] += 1
            examples.setdefault(key, (line, x, y))
print(f"agree: {agree} of {len(source)} lines")
for key, count in members.most_common():
    line, c, s = examples[key]
    print(f"  differ in {key}: {count} lines, e.g. libgps {c[:80]} / ours {s[:80]}")
    print(f"    line: {line[:160]}")
PY
