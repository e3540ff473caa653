#!/usr/bin/env python3
"""Broad comparison of ComposableLocation's Geodesic with GeographicLib (Python) on WGS-84.

Generates N inverse and N direct problems in each class (random, antipodal, polar, equatorial,
near-equatorial, short, long, meridional) with a fixed seed, solves them with GeographicLib and with
the `geodesic-conformance` benchmark executable, and prints the largest error per class:

  inverse: |s12 - s12_ref| (m), and the round trip: how far GeographicLib's Direct from the start,
           along our azi1 for our s12, lands from the end point (m) (azimuth errors in metres)
  direct:  distance between our end point and GeographicLib's (m), and |azi2 - azi2_ref| (degrees)

Exits 1 when any error exceeds 1 mm (the goal of issue 10) or a problem is refused.

Usage: Benchmarks/scripts/geodesic-vs-geographiclib.py [N per class, default 1500] [seed]
Needs: pip install geographiclib; the Swift toolchain.
"""
import math
import os
import random
import subprocess
import sys

from geographiclib.geodesic import Geodesic

N = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 20131
rng = random.Random(SEED)
g = Geodesic.WGS84
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def wrap(x):
    return (x + 180) % 360 - 180


def lat():
    return rng.uniform(-90, 90)


def lon():
    return rng.uniform(-180, 180)


def tiny():
    return rng.choice([-1, 1]) * 10 ** rng.uniform(-14, -7)


def inverse_problem(kind):
    if kind == "random":
        return lat(), lon(), lat(), lon()
    if kind == "antipodal":
        a, l1 = lat(), lon()
        return a, l1, max(-90.0, min(90.0, -a + rng.uniform(-0.5, 0.5))), l1 + 180 - rng.uniform(0, 0.5)
    if kind == "polar":
        pole = rng.choice([-90.0, 90.0, rng.choice([-1, 1]) * (90 - 10 ** rng.uniform(-12, -3))])
        return (pole, lon(), lat(), lon()) if rng.random() < 0.5 else (lat(), lon(), pole, lon())
    if kind == "equatorial":
        return 0.0, lon(), 0.0, lon()
    if kind == "near-equatorial":
        c = rng.random()
        l1 = lon()
        if c < 0.4:
            return tiny(), l1, tiny(), lon()
        if c < 0.6:
            return tiny(), l1, 0.0, lon()
        if c < 0.8:
            return tiny(), l1, tiny(), l1 + rng.choice([-1, 1]) * rng.uniform(175, 180)
        return tiny(), l1, lat(), lon()
    if kind == "short":
        a, l1 = lat(), lon()
        step = 10 ** rng.uniform(-11, -1)
        return a, l1, max(-90.0, min(90.0, a + rng.uniform(-step, step))), l1 + rng.uniform(-step, step)
    if kind == "long":
        a, l1 = lat(), lon()
        return a, l1, max(-90.0, min(90.0, -a + rng.uniform(-30, 30))), l1 + 180 + rng.uniform(-40, 40)
    if kind == "meridional":
        l1 = lon()
        return lat(), l1, lat(), rng.choice([l1, l1 + 180])
    raise ValueError(kind)


def direct_problem(kind):
    azi = rng.uniform(-180, 180)
    if kind == "random":
        return lat(), lon(), azi, rng.uniform(0, 2e7)
    if kind == "antipodal":
        return lat(), lon(), azi, rng.uniform(1.99e7, 2.0004e7)
    if kind == "polar":
        return rng.choice([-90.0, 90.0]), lon(), azi, rng.uniform(0, 2e7)
    if kind == "equatorial":
        return 0.0, lon(), rng.choice([90.0, -90.0, azi]), rng.uniform(0, 4e7)
    if kind == "near-equatorial":
        return tiny(), lon(), rng.choice([90.0, -90.0, azi]), rng.uniform(0, 2e7)
    if kind == "short":
        return lat(), lon(), azi, 10 ** rng.uniform(-6, 3)
    if kind == "long":
        return lat(), lon(), azi, rng.choice([1, -1]) * rng.uniform(2e7, 1e8)
    if kind == "meridional":
        return lat(), lon(), rng.choice([0.0, 180.0]), rng.uniform(0, 2e7)
    raise ValueError(kind)


KINDS = ["random", "antipodal", "polar", "equatorial", "near-equatorial", "short", "long", "meridional"]
problems = []
for kind in KINDS:
    for _ in range(N):
        a1, o1, a2, o2 = inverse_problem(kind)
        problems.append(("inverse", kind, a1, wrap(o1), a2, wrap(o2)))
    for _ in range(N):
        a1, o1, azi, s = direct_problem(kind)
        problems.append(("direct", kind, a1, wrap(o1), azi, s))

subprocess.run(["swift", "build", "-c", "release", "--package-path", root, "--product",
                "geodesic-conformance"], check=True, stdout=subprocess.DEVNULL)
bin_path = subprocess.run(["swift", "build", "-c", "release", "--package-path", root, "--show-bin-path"],
                          check=True, capture_output=True, text=True).stdout.strip()
text = "".join(f"{p[0]} {p[1]} {p[2]!r} {p[3]!r} {p[4]!r} {p[5]!r}\n" for p in problems)
answers = subprocess.run([os.path.join(bin_path, "geodesic-conformance")], input=text, check=True,
                         capture_output=True, text=True).stdout.splitlines()
assert len(answers) == len(problems), (len(answers), len(problems))

worst = {}  # (problem, kind, metric) -> (error, problem)
refused = 0


def record(key, error, problem):
    if key not in worst or error > worst[key][0] or math.isnan(error):
        worst[key] = (error, problem)


for p, answer in zip(problems, answers):
    if answer == "error":
        refused += 1
        print("refused:", p)
        continue
    x = [float(v) for v in answer.split()]
    if p[0] == "inverse":
        _, kind, a1, o1, a2, o2 = p
        ref = g.Inverse(a1, o1, a2, o2)
        record(("inverse", kind, "distance m"), abs(x[0] - ref["s12"]), p)
        landed = g.Direct(a1, o1, x[1], x[0])
        record(("inverse", kind, "round trip m"), g.Inverse(landed["lat2"], landed["lon2"], a2, o2)["s12"], p)
    else:
        _, kind, a1, o1, azi, s = p
        ref = g.Direct(a1, o1, azi, s)
        record(("direct", kind, "position m"), g.Inverse(x[0], x[1], ref["lat2"], ref["lon2"])["s12"], p)
        d = abs((x[2] - ref["azi2"] + 180) % 360 - 180)
        record(("direct", kind, "azi2 deg"), d, p)

print(f"{len(problems)} problems ({N} inverse and {N} direct per class, seed {SEED}); refused {refused}")
print(f"{'problem':8} {'class':16} {'metric':14} {'max error':>12}")
failed = refused > 0
for (problem, kind, metric), (error, p) in worst.items():
    limit = 1e-3 if metric.endswith(" m") else 1e-7
    bad = not (error <= limit)
    failed |= bad
    print(f"{problem:8} {kind:16} {metric:14} {error:12.3g}{'  > goal: ' + repr(p) if bad else ''}")
sys.exit(1 if failed else 0)
