#!/usr/bin/env bash
# Whether two imu-fuse builds print byte-identical output on every recording in a folder, in each causal mode
# (default: calibrated 9D; --no-mag-calibration: 9D as recorded; --6d). For performance work on the filter,
# where every change must leave the estimates exactly as they were.
# Usage: Benchmarks/scripts/imu-fuse-identical.sh OLD_IMU_FUSE NEW_IMU_FUSE DATA_DIR
#   OLD_IMU_FUSE, NEW_IMU_FUSE  two imu-fuse binaries (for example one built from main, copied aside, and
#                               .build/release/imu-fuse)
#   DATA_DIR                    folder of recordings NAME.csv or NAME.csv.gz (columns as `imu-fuse --help`)
# Prints one line per recording and mode with the output's SHA-256 and "identical" or "DIFFERENT"; exits 1 if
# any differ.
set -euo pipefail
usage="usage: Benchmarks/scripts/imu-fuse-identical.sh OLD_IMU_FUSE NEW_IMU_FUSE DATA_DIR"
old=${1:?$usage}
new=${2:?$usage}
data=${3:?$usage}
[ -d "$data" ] || { echo "no data folder $data" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
different=0
checked=0
for recording in "$data"/*.csv "$data"/*.csv.gz; do
  [ -e "$recording" ] || continue
  name=$(basename "$recording")
  case "$recording" in
    *.gz) zcat "$recording" > "$work/input.csv" ;;
    *) cp "$recording" "$work/input.csv" ;;
  esac
  for mode in default --no-mag-calibration --6d; do
    flags=()
    [ "$mode" = default ] || flags=("$mode")
    "$old" "$work/input.csv" "${flags[@]}" > "$work/old.csv" 2> "$work/old.err"
    "$new" "$work/input.csv" "${flags[@]}" > "$work/new.csv" 2> "$work/new.err"
    hash=$(sha256sum < "$work/new.csv" | cut -c1-16)
    rows=$(($(wc -l < "$work/new.csv") - 1))
    if cmp -s "$work/old.csv" "$work/new.csv" && cmp -s "$work/old.err" "$work/new.err"; then
      verdict=identical
    else
      verdict=DIFFERENT
      different=$((different + 1))
    fi
    checked=$((checked + 1))
    printf '%-48s %-22s %8d rows  sha256 %s  %s\n' "$name" "$mode" "$rows" "$hash" "$verdict"
  done
done
echo "$checked outputs compared, $different different"
[ "$different" -eq 0 ]
