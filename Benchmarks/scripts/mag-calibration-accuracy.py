#!/usr/bin/env python3
"""Magnetometer calibration accuracy on distorted BROAD trials, beside VQF on the clean and distorted data.

usage: mag-calibration-accuracy.py IMU_FUSE DATA_DIR SCORE_TOOL SEED [SEED ...] [--warm]

For every trial in DATA_DIR (NAME.csv or NAME.csv.gz with t, gyr_*, acc_*, mag_* (uT), ref_q*, movement)
and every SEED, applies a hard- and soft-iron distortion drawn from the standard model,
m' = A m + b, with b uniform in +-60 uT per axis, A's diagonal uniform in 0.85..1.15 and every
off-diagonal entry uniform in +-0.08 (A is not symmetric: a misalignment is part of it), seeded by
the seed and the trial's name. Then runs IMU_FUSE (calibration on, causal) on the distorted file and
scores it with SCORE_TOOL (RECORDING ESTIMATES --vqf, which also runs VQF), and scores VQF on the
clean file. --warm adds a second run that starts from the calibration the first run ended with
(the saved-calibration case: a restart that does not start uncalibrated).

Prints a Markdown table (total / heading / inclination RMSE in degrees over the movement rows) and a
summary: mean total RMSE of ours-on-distorted minus VQF-on-clean (goal <= 2 deg) and the worst trial
(goal <= 5 deg). Needs numpy and vqf (pip install vqf numpy)."""
import gzip, os, subprocess, sys, tempfile, zlib
import numpy as np


def distortion(seed, name):
    rng = np.random.default_rng([seed, zlib.crc32(name.encode())])
    a = rng.uniform(-0.08, 0.08, (3, 3))
    np.fill_diagonal(a, rng.uniform(0.85, 1.15, 3))
    b = rng.uniform(-60, 60, 3)
    return a, b


def read_text(path):
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rt') as f:
        return f.read()


def distort(text, a, b):
    lines = text.splitlines()
    header = lines[0].split(',')
    cols = [header.index(c) for c in ('mag_x', 'mag_y', 'mag_z')]
    out = [lines[0]]
    for line in lines[1:]:
        f = line.split(',')
        if all(f[c] != '' for c in cols):
            m = np.array([float(f[c]) for c in cols])
            if np.all(np.isfinite(m)):
                d = a @ m + b
                for c, v in zip(cols, d):
                    f[c] = repr(float(v))
        out.append(','.join(f))
    return '\n'.join(out) + '\n'


def score(tool, recording, estimate):
    out = subprocess.run([sys.executable, tool, recording, estimate, '--vqf'], check=True,
                         capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        w = line.split()
        if w and w[0] in ('estimate', 'VQF'):
            rows[w[0]] = (float(w[2]), float(w[4]), float(w[6]))
    return rows['estimate'], rows['VQF']


def fuse(binary, recording, estimate, extra=()):
    with open(estimate, 'w') as out:
        r = subprocess.run([binary, recording, *extra], stdout=out, stderr=subprocess.PIPE, text=True)
    if r.returncode not in (0, 3):
        sys.exit('imu-fuse failed on %s: %s' % (recording, r.stderr))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    warm = '--warm' in sys.argv
    if len(args) < 4:
        sys.exit(__doc__)
    binary, data, tool, seeds = args[0], args[1], args[2], [int(s) for s in args[3:]]
    names = sorted(f for f in os.listdir(data) if f.endswith('.csv') or f.endswith('.csv.gz'))
    work = tempfile.mkdtemp()
    print('| Trial | seed | |b| uT | ours total | VQF clean total | VQF distorted total | ours heading |'
          ' VQF clean heading | ours incl. | VQF clean incl. |' + (' ours warm total |' if warm else ''))
    print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|' + ('---:|' if warm else ''))
    differences, table = [], []
    clean_cache = {}
    for seed in seeds:
        for file in names:
            name = file.replace('.gz', '').replace('.csv', '')
            text = read_text(os.path.join(data, file))
            clean = os.path.join(work, name + '.csv')
            if name not in clean_cache:
                with open(clean, 'w') as f:
                    f.write(text)
                fuse(binary, clean, clean + '.est')
                clean_cache[name] = score(tool, clean, clean + '.est')[1]
            vqf_clean = clean_cache[name]
            a, b = distortion(seed, name)
            distorted = os.path.join(work, '%s-%d.csv' % (name, seed))
            with open(distorted, 'w') as f:
                f.write(distort(text, a, b))
            saved = distorted + '.cal'
            fuse(binary, distorted, distorted + '.est', ['--calibration-out', saved])
            ours, vqf_distorted = score(tool, distorted, distorted + '.est')
            row = '| %s | %d | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |' % (
                name, seed, np.linalg.norm(b), ours[0], vqf_clean[0], vqf_distorted[0], ours[1],
                vqf_clean[1], ours[2], vqf_clean[2])
            if warm:
                fuse(binary, distorted, distorted + '.warm', ['--calibration-in', saved])
                row += ' %.2f |' % score(tool, distorted, distorted + '.warm')[0][0]
            print(row, flush=True)
            differences.append(ours[0] - vqf_clean[0])
            table.append((ours, vqf_clean, vqf_distorted))
    ours = np.array([t[0] for t in table]); clean = np.array([t[1] for t in table])
    dist = np.array([t[2] for t in table])
    print('| **mean of %d** | | | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** | **%.2f** |'
          % (len(table), ours[:, 0].mean(), clean[:, 0].mean(), dist[:, 0].mean(), ours[:, 1].mean(),
             clean[:, 1].mean(), ours[:, 2].mean(), clean[:, 2].mean()))
    d = np.array(differences)
    print('\nmean total RMSE, ours on distorted minus VQF on clean: %+.2f deg (goal <= 2); '
          'worst trial %+.2f deg (goal <= 5)' % (d.mean(), d.max()))


if __name__ == '__main__':
    main()
