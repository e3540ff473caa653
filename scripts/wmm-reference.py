#!/usr/bin/env python3
"""Reference points for the Geomagnetism module's WMM2025, computed by pygeomag.

pygeomag (https://github.com/boxpet/pygeomag, MIT licence) is a Python port of NOAA's
geomag.c reference program, shipping NOAA's WMM2025 coefficient file. This script draws
random points (seeded, so the output is reproducible) over the whole globe, heights from
-1 km to 850 km above the WGS84 ellipsoid and dates 2025.0-2030.0, plus the two poles, and
prints one CSV row per point:

    decimal_year,altitude_m,latitude,longitude,declination,inclination,horizontal,north,east,down,total

Usage:
    pip install pygeomag
    scripts/wmm-reference.py [--count N] [--seed S] > Tests/GeomagnetismTests/Fixtures/pygeomag-wmm2025.csv
    scripts/wmm-reference.py --coefficients   # the WMM.COF rows as Swift GaussCoefficient lines
"""
import argparse
import math
import os
import random

import pygeomag
from pygeomag import GeoMag


def coefficient_rows():
    path = os.path.join(os.path.dirname(pygeomag.__file__), "wmm", "WMM_2025.COF")
    with open(path) as handle:
        for line in handle.read().splitlines()[1:]:
            fields = line.split()
            if len(fields) == 6:
                yield fields


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument("--coefficients", action="store_true")
    args = parser.parse_args()
    if args.coefficients:
        for n, m, g, h, gdot, hdot in coefficient_rows():
            print(f"    GaussCoefficient({n}, {m}, {g}, {h}, {gdot}, {hdot}),")
        return
    model = GeoMag(coefficients_file="wmm/WMM_2025.COF")
    rng = random.Random(args.seed)
    points = [(2025.0, 0.0, 90.0, 0.0), (2027.5, 10_000.0, -90.0, 45.0)]
    while len(points) < args.count:
        # Uniform over the sphere's area, so the poles are not over-represented; with a few
        # exact edges of the date and height ranges.
        # One point in ten is uniform in latitude instead, to sample the polar caps densely.
        if rng.random() < 0.1:
            latitude = round(rng.uniform(-90.0, 90.0), 6)
        else:
            latitude = round(math.degrees(math.asin(2 * rng.random() - 1)), 6)
        longitude = round(rng.uniform(-180.0, 180.0), 6)
        altitude = round(rng.choice([0.0, rng.uniform(-1_000.0, 10_000.0), rng.uniform(-1_000.0, 850_000.0)]), 3)
        year = round(rng.choice([2025.0, 2030.0, rng.uniform(2025.0, 2030.0)]), 6)
        points.append((year, altitude, latitude, longitude))
    print("decimal_year,altitude_m,latitude,longitude,declination,inclination,horizontal,north,east,down,total")
    for year, altitude, latitude, longitude in points:
        r = model.calculate(glat=latitude, glon=longitude, alt=altitude / 1000.0, time=year)
        print(f"{year!r},{altitude!r},{latitude!r},{longitude!r},{r.d!r},{r.i!r},{r.h!r},{r.x!r},{r.y!r},{r.z!r},{r.f!r}")


if __name__ == "__main__":
    main()
