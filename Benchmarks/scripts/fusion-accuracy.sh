#!/usr/bin/env bash
# Accuracy of imu-fuse (9D) beside VQF on BROAD trials, as a Markdown table with per-trial and mean RMSE.
# Usage: Benchmarks/scripts/fusion-accuracy.sh DATA_DIR SCORE_TOOL
#   DATA_DIR    folder of BROAD trials (Laidig et al. 2021, CC-BY-4.0) as NAME.csv or NAME.csv.gz, with
#               columns t, gyr_*, acc_*, mag_*, ref_q* (see Tests/ComposableMotionTests/Fixtures/fusion-README.md)
#   SCORE_TOOL  a scorer taking RECORDING ESTIMATES --vqf and printing "estimate total T heading H
#               inclination I" and "VQF total …" lines; it runs VQF itself
# Needs python3 with numpy and vqf (`pip install vqf numpy`).
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: Benchmarks/scripts/fusion-accuracy.sh DATA_DIR SCORE_TOOL"
data=${1:?$usage}
score=${2:?$usage}
[ -d "$data" ] || { echo "no data folder $data" >&2; exit 2; }
[ -f "$score" ] || { echo "no scoring tool $score" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product imu-fuse >/dev/null
fuse=$(swift build -c release --show-bin-path)/imu-fuse

echo "| Trial | ours total | VQF total | ours heading | VQF heading | ours incl. | VQF incl. |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for file in "$data"/*.csv "$data"/*.csv.gz; do
  [ -e "$file" ] || continue
  name=$(basename "$file"); name=${name%.gz}; name=${name%.csv}
  case "$file" in
    *.gz) zcat "$file" > "$work/$name.csv" ;;
    *) cp "$file" "$work/$name.csv" ;;
  esac
  "$fuse" "$work/$name.csv" > "$work/$name.estimate.csv"
  python3 "$score" "$work/$name.csv" "$work/$name.estimate.csv" --vqf > "$work/$name.score"
  # Lines: "estimate total T heading H inclination I ..." and "VQF total T heading H inclination I ..."
  awk -v name="$name" '
    $1 == "estimate" { ot = $3; oh = $5; oi = $7 }
    $1 == "VQF" { vt = $3; vh = $5; vi = $7 }
    END { printf "| %s | %s | %s | %s | %s | %s | %s |\n", name, ot, vt, oh, vh, oi, vi }
  ' "$work/$name.score" | tee -a "$work/table"
done
awk -F'|' '{ for (i = 3; i <= 8; i++) sum[i] += $i; n++ }
  END { printf "| **mean of %d** | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** |\n",
        n, sum[3]/n, sum[4]/n, sum[5]/n, sum[6]/n, sum[7]/n, sum[8]/n }' "$work/table"
