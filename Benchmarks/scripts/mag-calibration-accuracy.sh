#!/usr/bin/env bash
# Online magnetometer calibration on BROAD trials with hard- and soft-iron distortions generated here from the
# standard model (m' = A m + b; b up to +-60 uT per axis, scale 0.85..1.15, cross-coupling up to +-0.08,
# seeded per trial), beside VQF on the clean and on the distorted data.
# Usage: Benchmarks/scripts/mag-calibration-accuracy.sh DATA_DIR SCORE_TOOL [SEED ...] [--warm]
#   DATA_DIR    folder of BROAD trials (Laidig et al. 2021, CC-BY-4.0), NAME.csv or NAME.csv.gz
#   SCORE_TOOL  scorer taking RECORDING ESTIMATES --vqf (prints "estimate total T heading H inclination I"
#               and the same for VQF)
#   SEED        distortion seeds (default 1 2 3); --warm also scores a restart from the saved calibration
# Needs python3 with numpy and vqf (`pip install vqf numpy`).
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: Benchmarks/scripts/mag-calibration-accuracy.sh DATA_DIR SCORE_TOOL [SEED ...] [--warm]"
data=${1:?$usage}
score=${2:?$usage}
shift 2
[ -d "$data" ] || { echo "no data folder $data" >&2; exit 2; }
[ -f "$score" ] || { echo "no scoring tool $score" >&2; exit 2; }
seeds=()
warm=
for argument in "$@"; do
  case "$argument" in
    --warm) warm=1 ;;
    *) seeds+=("$argument") ;;
  esac
done
[ ${#seeds[@]} -gt 0 ] || seeds=(1 2 3)
swift build -c release --product imu-fuse >/dev/null
fuse=$(swift build -c release --show-bin-path)/imu-fuse
exec python3 Benchmarks/scripts/mag-calibration-accuracy.py "$fuse" "$data" "$score" "${seeds[@]}" ${warm:+--warm}
