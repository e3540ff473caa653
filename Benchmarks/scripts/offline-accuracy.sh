#!/usr/bin/env bash
# Accuracy of `imu-fuse --offline` (OfflineOrientationSmoother) beside causal VQF, and beside the VQF authors'
# own offline variant, on BROAD trials: a Markdown table of per-trial and mean RMSE in degrees.
# Usage: Benchmarks/scripts/offline-accuracy.sh DATA_DIR SCORE_TOOL
#   DATA_DIR    folder of BROAD trials (Laidig et al. 2021, CC-BY-4.0) as NAME.csv or NAME.csv.gz, with
#               columns t, gyr_*, acc_*, mag_*, ref_q*, movement (see Tests/ComposableMotionTests/Fixtures/fusion-README.md)
#   SCORE_TOOL  score_orientation.py: takes RECORDING ESTIMATES --vqf and prints "estimate total T heading H
#               inclination I" and "VQF total …" lines; its read_csv and errors functions also score vqf.offlineVQF
# Needs python3 with numpy and vqf (`pip install vqf numpy`).
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: Benchmarks/scripts/offline-accuracy.sh DATA_DIR SCORE_TOOL"
data=${1:?$usage}
score=${2:?$usage}
[ -d "$data" ] || { echo "no data folder $data" >&2; exit 2; }
[ -f "$score" ] || { echo "no scoring tool $score" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product imu-fuse >/dev/null
fuse=$(swift build -c release --show-bin-path)/imu-fuse

# vqf.offlineVQF on RECORDING, scored with the scoring tool's own functions: "offlineVQF total T heading H inclination I".
offline_vqf() {
  python3 - "$score" "$1" <<'PY'
import os, sys
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
from score_orientation import read_csv, errors
import vqf
rec = read_csv(sys.argv[2])
column = lambda prefix: np.ascontiguousarray(np.stack([rec[prefix + a] for a in 'xyz'], axis=1))
dt = float(np.median(np.diff(rec['t'])))
out = vqf.offlineVQF(column('gyr_'), column('acc_'), column('mag_'), dt)
ref = np.stack([rec['ref_qw'], rec['ref_qx'], rec['ref_qy'], rec['ref_qz']], axis=1)
e = errors(out['quat9D'], ref, rec['movement'] > 0.5)
print('offlineVQF total %.2f heading %.2f inclination %.2f' % (e['total'], e['heading'], e['inclination']))
PY
}

echo "| Trial | offline total | VQF total | offline heading | VQF heading | offline incl. | VQF incl. | offlineVQF total | offlineVQF incl. |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for file in "$data"/*.csv "$data"/*.csv.gz; do
  [ -e "$file" ] || continue
  name=$(basename "$file"); name=${name%.gz}; name=${name%.csv}
  case "$file" in
    *.gz) zcat "$file" > "$work/$name.csv" ;;
    *) cp "$file" "$work/$name.csv" ;;
  esac
  "$fuse" "$work/$name.csv" --offline > "$work/$name.estimate.csv"
  {
    python3 "$score" "$work/$name.csv" "$work/$name.estimate.csv" --vqf
    offline_vqf "$work/$name.csv"
  } > "$work/$name.score"
  awk -v name="$name" '
    $1 == "estimate" { ot = $3; oh = $5; oi = $7 }
    $1 == "VQF" { vt = $3; vh = $5; vi = $7 }
    $1 == "offlineVQF" { ft = $3; fi = $7 }
    END { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", name, ot, vt, oh, vh, oi, vi, ft, fi }
  ' "$work/$name.score" | tee -a "$work/table"
done
awk -F'|' '{ for (i = 3; i <= 10; i++) sum[i] += $i; n++ }
  END { printf "| **mean of %d** | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** |\n",
        n, sum[3]/n, sum[4]/n, sum[5]/n, sum[6]/n, sum[7]/n, sum[8]/n, sum[9]/n, sum[10]/n
        printf "\noffline total is %.1f %% lower than causal VQF (%.2f° against %.2f°)\n",
        100 * (1 - sum[3] / sum[4]), sum[3]/n, sum[4]/n }' "$work/table"
