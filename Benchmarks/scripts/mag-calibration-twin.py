#!/usr/bin/env python3
"""Two recordings no causal estimator can tell apart: a lower bound for issue 24's cold worst-run bar.

usage: mag-calibration-twin.py --data DIR [--trials 10,12,15] [--seeds 1,2,3] [--bin IMU_FUSE]
                               [--criteria C1,C2,C3,C4] [--two-sided] [--curve=-10,0,10] [--no-demo]
                               [--scorer score_orientation.py] [--draws N] [--work DIR]

Reads BROAD trials (Laidig et al. 2021, CC-BY-4.0) through mag-calibration-trials.py's cache. For a
trial, a distortion D1 = (A1, b1) of the cold mode (seeded as there) and an angle phi it builds a
TWIN recording:
  - the same motion turned about the vertical by phi (orientation Rz(phi) R(t)): the gyroscope and
    accelerometer rows are identical, since both are measured in the sensor frame;
  - a distortion D2 = (A2, b2) inside the issue's prior (diag 0.85..1.15, off-diagonal +-0.08,
    offset +-60 uT), chosen (bounded least squares) so that the twin's clean field
    m2 = A2^-1 (A1 m + b1 - b2) seen in the turned orientation is as close as possible to the real
    world field: e2(t) = Rz(phi) R(t) m2(t) against e1(t) = R(t) m(t);
  - hence raw magnetometer rows A2 m2 + b2 that equal the real distorted rows A1 m + b1 (checked).
Every causal (or even non-causal) estimator gets the same input for both and outputs the same
orientations. The scorer's references differ by Rz(phi), so on every row the heading errors differ by
exactly phi, and total >= heading: S1 + S2 >= |phi| for the two total RMSEs. The bar needs
S1 <= V1 + 5 and S2 <= V2 + 5 (V = VQF on each recording's clean data), impossible once
|phi| > V1 + V2 + 10; the best any estimator can do on the pair is max(S-V) >= (|phi| - V1 - V2)/2.

What is admissible is the twin's field. Reported, over the rows the estimator has seen up to the
last scored row (carried path = movement rows):
  C1  |e2 - e1| (rms, p95, max over all rows) within the real field's own variation |e1 - mean e1|
      over the movement rows (rms, p95, max): the twin's field differs from the real one by less
      than the real one varies.
  C2  the twin's field about the real mean |e2 - mean e1| (rms, p95) within the real |e1 - mean e1|.
  C3  C1 split at 0.5 Hz: the slow part of e2 - e1 within the slow variation of e1 (rms, p95, max),
      the fast part within the fast part of e1 (rms).
  C4  the part of e2 a quadratic function of the orientation explains (1, R's 9 entries, their 45
      products; movement rows) no larger than e1's, and e2's mean within 0.1 uT of e1's; the twin is
      then built to minimise that part (Trial.twin_c4) instead of |e2 - e1|.
--two-sided: the largest admissible phi on each side; two twins (phi+ and phi-) have the same raw rows
too, so they form a pair with LB = (phi+ - phi- - V+ - V-)/2 that does not contain the real recording.
--curve=PHIS: the smallest orientation-explained part a C4 twin reaches at each phi.
phi_max is the largest |phi| (either sign, up to 48 deg, 0.375 deg resolution) whose twin meets the criterion;
LB = (phi_max - V1 - V2)/2 is then a lower bound on max(S1 - V1, S2 - V2) for EVERY estimator.
Scores with --bin use the shared scorer on CSVs with movement zeroed before 5 s after the first
movement row (the cold mode's rows). --draws N adds N random distortions from the prior per trial
(rng streams 1000.., not the judged seeds) and reports the fraction for which a twin meeting
the criterion exists at |phi| > V1 + V2 + 10 (so LB > 5), trying either sign.
Needs numpy, scipy and vqf."""
import argparse, importlib.util, os, subprocess, sys, zlib
import numpy as np
from scipy.optimize import minimize
from scipy.signal import butter, filtfilt

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('trials', os.path.join(HERE, 'mag-calibration-trials.py'))
mc = importlib.util.module_from_spec(spec); spec.loader.exec_module(mc)

LO = np.full((3, 3), -0.08); np.fill_diagonal(LO, 0.85)
HI = np.full((3, 3), 0.08); np.fill_diagonal(HI, 1.15)
BOUNDS = list(zip(np.concatenate([LO.ravel(), np.full(3, -60.0)]), np.concatenate([HI.ravel(), np.full(3, 60.0)])))


def rz(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def qz(a, n):
    return np.tile([np.cos(a / 2), 0, 0, np.sin(a / 2)], (n, 1))


def stats(x):
    return np.array([np.sqrt(np.mean(x**2)), np.percentile(x, 95), x.max()])


def lowpass(x, fs, fc=0.5):
    b, a = butter(2, fc / (fs / 2))
    return filtfilt(b, a, x, axis=0)


class Trial:
    """One trial: the rows up to the last scored one, the optical orientation and the real field."""

    def __init__(self, name):
        self.name = name
        d = self.d = mc.load(name)
        t = d[:, 0]
        self.fs = 1 / float(np.median(np.diff(t)))
        self.m5 = mc.movement_mask(d, 5)
        last = np.where(self.m5)[0][-1]
        w = np.arange(last + 1)
        self.W = w[np.all(np.isfinite(d[w, 7:10]), 1)]
        self.move = mc.movement_mask(d)[self.W]
        self.R = mc.rot(mc.filled_truth(d))[self.W]
        self.m = d[self.W, 7:10]
        self.e1 = np.einsum('nij,nj->ni', self.R, self.m)
        self.mean = self.e1[self.move].mean(0)
        self.var = stats(np.linalg.norm(self.e1[self.move] - self.mean, axis=1))
        slow = lowpass(self.e1, self.fs)
        self.slow = slow
        self.var_slow = stats(np.linalg.norm(slow[self.move] - self.mean, axis=1))
        self.var_fast = stats(np.linalg.norm((self.e1 - slow)[self.move], axis=1))
        self.vqf_clean = mc.run_vqf(d)
        self.V1 = mc.rmse(mc.errs(self.vqf_clean, d)[0], self.m5)
        self.mm = self.m.T @ self.m / len(self.m)
        self.mbar = self.m.mean(0)

    def twin(self, A1, b1, phi, w=0.0):
        """Bounded least squares for (A2, b2): mean |G (y - b2) - tau|^2 (+ w mean |.. - tau_mean|^2),
        G = A2^-1, tau = R^T Rz(-phi) e1 (C1's target), tau_mean = R^T Rz(-phi) mean (C2's)."""
        Rm = rz(-phi)
        tau = np.einsum('nji,nj->ni', self.R, self.e1 @ Rm.T)
        if w: tau = (tau + w * np.einsum('nji,j->ni', self.R, Rm @ self.mean)) / (1 + w)
        y = self.m @ A1.T + b1
        n = len(y)
        Syy, ybar, Syt, tbar = y.T @ y / n, y.mean(0), y.T @ tau / n, tau.mean(0)
        Stt = float(np.sum(tau * tau) / n)

        def f(x):
            G = np.linalg.inv(x[:9].reshape(3, 3)); b = x[9:]
            Szz = Syy - np.outer(b, ybar) - np.outer(ybar, b) + np.outer(b, b)
            Szt = Syt - np.outer(b, tbar)
            return np.trace(G @ Szz @ G.T) - 2 * np.trace(G @ Szt) + Stt

        r = minimize(f, np.concatenate([A1.ravel(), b1]), method='L-BFGS-B', bounds=BOUNDS)
        return r.x[:9].reshape(3, 3), r.x[9:]

    def features(self):
        """Orthonormal basis of 1, the 9 entries of R and their 45 products over the movement rows:
        any field that is a quadratic function of the orientation lies in its span."""
        if not hasattr(self, '_Q'):
            r = self.R[self.move].reshape(-1, 9); iu = np.triu_indices(9)
            X = np.column_stack([np.ones(len(r)), r, (r[:, :, None] * r[:, None, :])[:, iu[0], iu[1]]])
            self._Q = np.linalg.qr(X)[0]
            self.explained1 = self.explained(self.e1)
        return self._Q

    def explained(self, e):
        """RMS of the part of e (movement rows, mean removed) that the orientation explains."""
        Q = self.features(); y = e[self.move]
        fit = Q @ (Q.T @ y)
        return float(np.sqrt(np.mean(np.sum((fit - fit.mean(0))**2, 1))))

    def twin_c4(self, A1, b1, phi, w=10.0):
        """(A2, b2) making the twin's field e2 = Rz(phi) R G (y - b2) as little orientation-dependent as
        possible (quadratic features), with its mean held at the real mean (weight w per uT^2)."""
        Q = self.features(); mv = self.move; n = int(mv.sum())
        y = self.m[mv] @ A1.T + b1
        RR = np.einsum('ij,njk->nik', rz(phi), self.R[mv])
        B = np.stack([RR[:, :, i] * y[:, j:j + 1] for i in range(3) for j in range(3)]
                     + [-RR[:, :, i] for i in range(3)], 1).reshape(n, 36)  # e2 = B theta, theta = (G, G b2)
        P = Q @ (Q.T @ B); P -= P.mean(0)
        P = P.reshape(n, 12, 3); H = np.einsum('npc,nqc->pq', P, P) / n
        Bm = B.mean(0).reshape(12, 3)

        def theta(x):
            G = np.linalg.inv(x[:9].reshape(3, 3)); return np.concatenate([G.ravel(), G @ x[9:]])

        def f(x):
            th = theta(x)
            return th @ H @ th + w * np.sum((th @ Bm - self.mean)**2)

        r = minimize(f, np.concatenate([A1.ravel(), b1]), method='L-BFGS-B', bounds=BOUNDS)
        return r.x[:9].reshape(3, 3), r.x[9:]

    def construct(self, crit, A1, b1, phi):
        if crit == 'C4': return self.twin_c4(A1, b1, phi)
        return self.twin(A1, b1, phi, 0.5 if crit == 'C2' else 0.0)

    def evaluate(self, A1, b1, A2, b2, phi, vqf2=False):
        y1 = self.m @ A1.T + b1
        m2 = np.linalg.solve(A2, (y1 - b2).T).T
        y2 = m2 @ A2.T + b2
        e2 = np.einsum('ij,nj->ni', rz(phi), np.einsum('nij,nj->ni', self.R, m2))
        delta = e2 - self.e1
        dslow = lowpass(delta, self.fs)
        out = dict(A2=A2, b2=b2, phi=phi, m2=m2, e2=e2, raw_diff=float(np.abs(y2 - y1).max()),
                   D=stats(np.linalg.norm(delta, axis=1)),
                   Dslow=stats(np.linalg.norm(dslow, axis=1)),
                   Dfast=stats(np.linalg.norm(delta - dslow, axis=1)),
                   S=stats(np.linalg.norm(e2[self.move] - self.mean, axis=1)),
                   strength=(np.linalg.norm(self.e1[self.move], axis=1).mean(), np.linalg.norm(e2[self.move], axis=1).mean()),
                   dip=(dip(self.e1[self.move].mean(0)), dip(e2[self.move].mean(0))))
        out['C1'] = bool(np.all(out['D'] <= self.var))
        out['C2'] = bool(np.all(out['S'][:2] <= self.var[:2]))
        out['C3'] = bool(np.all(out['Dslow'] <= self.var_slow) and out['Dfast'][0] <= self.var_fast[0])
        self.features()
        out['explained'] = (self.explained1, self.explained(e2))
        out['mean_shift'] = float(np.linalg.norm(e2[self.move].mean(0) - self.mean))
        out['C4'] = bool(out['explained'][1] <= out['explained'][0] and out['mean_shift'] <= 0.1)
        if vqf2:
            d2 = self.twin_recording(out, raw=False)
            out['V2'] = mc.rmse(mc.errs(mc.run_vqf(d2), d2)[0], self.m5[:len(d2)])
        return out

    def twin_recording(self, tw, raw):
        """The twin as a trial array: same t, gyr, acc, movement; reference Rz(phi) ref; magnetometer
        the raw rows (raw=True, = the real distorted rows) or the twin's clean field m2."""
        d2 = self.d.copy()
        d2[:, 10:14] = mc.qmul(qz(tw['phi'], len(d2)), d2[:, 10:14])
        d2[:, 7:10] = np.nan
        d2[self.W, 7:10] = tw['m2'] @ tw['A2'].T + tw['b2'] if raw else tw['m2']
        return d2[:self.W[-1] + 1]  # rows after the last scored one are not part of the twin


def dip(v):
    return float(np.rad2deg(np.arctan2(-v[2], np.linalg.norm(v[:2]))))


def phi_max(tr, A1, b1, crit, hi=48.0, step=0.375):
    """Largest |phi| (either sign) whose twin meets crit, by bisection (crit is close to monotone)."""
    best = (0.0, None)
    for sign in (1, -1):
        lo_, hi_ = 0.0, hi
        good = None
        while hi_ - lo_ > step:
            mid = (lo_ + hi_) / 2
            A2, b2 = tr.construct(crit, A1, b1, sign * np.deg2rad(mid))
            ev = tr.evaluate(A1, b1, A2, b2, sign * np.deg2rad(mid))
            if ev[crit]: lo_, good = mid, ev
            else: hi_ = mid
        if good is not None and lo_ > best[0]: best = (lo_, good)
    return best


def two_sided(tr, A1, b1, crit, hi=48.0, step=0.375):
    """The largest admissible phi on each side. Two twins of the same real recording have the same raw
    rows, so a twin at phi+ > 0 and one at phi- < 0 form a pair too (neither is the real recording,
    both meet crit): LB = (phi+ - phi- - V+ - V-)/2."""
    out = {}
    for sign in (1, -1):
        lo_, hi_, good = 0.0, hi, None
        while hi_ - lo_ > step:
            mid = (lo_ + hi_) / 2; phi = sign * np.deg2rad(mid)
            A2, b2 = tr.construct(crit, A1, b1, phi)
            ev = tr.evaluate(A1, b1, A2, b2, phi)
            if ev[crit]: lo_, good = mid, ev
            else: hi_ = mid
        v = tr.evaluate(A1, b1, good['A2'], good['b2'], good['phi'], vqf2=True)['V2'] if good else tr.V1
        out[sign] = (sign * lo_, v)
    (pp, vp), (pn, vn) = out[1], out[-1]
    return pp, vp, pn, vn, max((pp - tr.V1 - vp) / 2, (-pn - tr.V1 - vn) / 2), (pp - pn - vp - vn) / 2


def proves(tr, A1, b1, crit):
    """Whether a twin meeting crit exists with |phi| > V1 + V2 + 10 (then LB > 5)."""
    for sign in (1, -1):
        need = 2 * tr.V1 + 10.25
        for _ in range(2):
            phi = sign * np.deg2rad(need)
            A2, b2 = tr.construct(crit, A1, b1, phi)
            ev = tr.evaluate(A1, b1, A2, b2, phi)
            if not ev[crit]: break
            v2 = tr.evaluate(A1, b1, A2, b2, phi, vqf2=True)['V2']
            if need > tr.V1 + v2 + 10: return True
            need = tr.V1 + v2 + 10.25
    return False


def draw(k, name):
    rng = np.random.default_rng([1000 + k, zlib.crc32(name.encode())])
    a = rng.uniform(-0.08, 0.08, (3, 3)); np.fill_diagonal(a, rng.uniform(0.85, 1.15, 3))
    return a, rng.uniform(-60, 60, 3)


def write_recording(d, movement, path):
    cols = mc.COLS
    out = d.copy(); out[:, 14] = movement.astype(float)
    with open(path, 'w') as f:
        f.write(','.join(cols) + '\n')
        np.savetxt(f, out, delimiter=',', fmt='%.10g')
    txt = open(path).read().replace('nan', '')
    open(path, 'w').write(txt)


def write_estimates(t, q, path):
    with open(path, 'w') as f:
        f.write('t,qw,qx,qy,qz\n')
        np.savetxt(f, np.column_stack([t, q]), delimiter=',', fmt='%.10g')


def score(scorer, rec, est, vqf=False):
    out = subprocess.run([sys.executable, scorer, rec, est] + (['--vqf'] if vqf else []),
                         check=True, capture_output=True, text=True).stdout
    rows = {l.split()[0]: float(l.split()[2]) for l in out.splitlines() if l.split()}
    return rows


def demo(tr, seed, ev, A1, b1, a, work):
    """Score real and twin with the shared scorer: ours, VQF on the raw rows, and the pair's best oracle."""
    phi = ev['phi']
    ev = tr.evaluate(A1, b1, ev['A2'], ev['b2'], phi, vqf2=True)
    d = tr.d; last = tr.W[-1]
    real_raw = mc.apply_iron(d, A1, b1)[:last + 1]
    twin_raw = tr.twin_recording(ev, raw=True)
    twin_clean = tr.twin_recording(ev, raw=False)
    mv = tr.m5[:last + 1]
    tag = '%s-%d' % (tr.name[:2], seed)
    paths = {k: os.path.join(work, '%s-%s.csv' % (tag, k)) for k in ('real', 'twin', 'realclean', 'twinclean')}
    write_recording(real_raw, mv, paths['real'])
    write_recording(twin_raw, mv, paths['twin'])
    write_recording(d[:last + 1], mv, paths['realclean'])
    write_recording(twin_clean, mv, paths['twinclean'])
    ests = {}  # name -> (estimates on the real raw rows, estimates on the twin's raw rows)
    if a.bin:
        ests['ours (imu-fuse)'] = (mc.run_ours(a.bin, real_raw, 'twin-ours-r' + tag)[0],
                                   mc.run_ours(a.bin, twin_raw, 'twin-ours-t' + tag)[0])
    ests['VQF on the raw rows'] = (mc.run_vqf(real_raw), mc.run_vqf(twin_raw))
    # the estimator that splits the difference: the truth turned by phi/2 (not causal: it shows the
    # bound is attained, no estimator can do better on both)
    oracle = mc.qmul(qz(phi / 2, last + 1), mc.filled_truth(d)[:last + 1])
    ests['oracle: truth turned by phi/2'] = (oracle, oracle)
    rows = []
    p = os.path.join(work, '%s-est.csv' % tag)
    for k, (q1, q2) in ests.items():
        same = float(np.abs(mc.unit(q1) - mc.unit(q2)).max())
        write_estimates(d[:last + 1, 0], q1, p)
        s1 = score(a.scorer, paths['real'], p)['estimate']
        write_estimates(d[:last + 1, 0], q2, p)
        s2 = score(a.scorer, paths['twin'], p)['estimate']
        rows.append((k, s1, s2, same))
    v1 = score(a.scorer, paths['realclean'], p, vqf=True)['VQF']
    v2 = score(a.scorer, paths['twinclean'], p, vqf=True)['VQF']
    return ev, rows, v1, v2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--trials', default='10,12,15')
    ap.add_argument('--seeds', default='1,2,3')
    ap.add_argument('--bin', default='')
    ap.add_argument('--scorer', default='/work/shared/tools/score_orientation.py')
    ap.add_argument('--draws', type=int, default=0)
    ap.add_argument('--criteria', default='C1,C2,C3,C4')
    ap.add_argument('--no-demo', action='store_true')
    ap.add_argument('--curve', default='', help='e.g. -15,-10,-5,0,5: per seed, the orientation-explained rms of the C4 twin at each phi (deg)')
    ap.add_argument('--two-sided', action='store_true', help='per seed and criterion: phi+ and phi-, and the twin/twin pair bound')
    ap.add_argument('--work', default=os.environ.get('MAGCAL_WORK', '/tmp/i24-twin'))
    a = ap.parse_args()
    mc.DATA = a.data
    os.makedirs(a.work, exist_ok=True)
    names = [n for n in mc.trials() if n[:2] in a.trials.split(',')]
    for n in names:
        tr = Trial(n)
        print('## trial %s: %d rows seen up to the last scored one, VQF clean from 5 s V1 = %.2f deg' % (n, len(tr.W), tr.V1))
        print('real field variation |e1 - mean| over movement rows: rms %.2f p95 %.2f max %.2f uT; slow (<0.5 Hz) %.2f / %.2f / %.2f; fast rms %.2f' % (
            *tr.var, *tr.var_slow, tr.var_fast[0]))
        print('| seed | criterion | phi_max | V2 | LB = (phi_max-V1-V2)/2 | |e2-e1| rms/p95/max | slow | fast rms | twin spread rms/p95/max | strength real/twin | dip real/twin | orientation-explained real/twin |')
        found = {}
        for seed in [int(s) for s in a.seeds.split(',') if s]:
            A1, b1 = mc.distortion(seed, n)
            for crit in [c for c in a.criteria.split(',') if c]:
                ph, ev = found[seed, crit] = phi_max(tr, A1, b1, crit)
                if ev is None:
                    print('| %d | %s | 0 | | | | | | | | |' % (seed, crit)); continue
                ev = tr.evaluate(A1, b1, ev['A2'], ev['b2'], ev['phi'], vqf2=True)
                print('| %d | %s | %+.2f | %.2f | %+.2f | %.2f/%.2f/%.2f | %.2f/%.2f/%.2f | %.2f | %.2f/%.2f/%.2f | %.2f/%.2f | %.2f/%.2f | %.3f/%.3f |' % (
                    seed, crit, np.rad2deg(ev['phi']), ev['V2'], (ph - tr.V1 - ev['V2']) / 2, *ev['D'], *ev['Dslow'], ev['Dfast'][0], *ev['S'],
                    *ev['strength'], *ev['dip'], *ev['explained']), flush=True)
        if a.curve:
            for seed in [int(s) for s in a.seeds.split(',') if s]:
                A1, b1 = mc.distortion(seed, n)
                vals = []
                for ph in [float(x) for x in a.curve.split(',')]:
                    A2, b2 = tr.twin_c4(A1, b1, np.deg2rad(ph))
                    vals.append('%+g: %.3f' % (ph, tr.evaluate(A1, b1, A2, b2, np.deg2rad(ph))['explained'][1]))
                print('seed %d, orientation-explained rms of the C4 twin (real %.3f): %s' % (seed, tr.explained1, ', '.join(vals)), flush=True)
        if a.two_sided:
            print('| seed | criterion | phi+ | V+ | phi- | V- | LB real + one twin | LB twin(phi+) + twin(phi-) |')
            for seed in [int(s) for s in a.seeds.split(',') if s]:
                A1, b1 = mc.distortion(seed, n)
                for crit in a.criteria.split(','):
                    print('| %d | %s | %+.2f | %.2f | %+.2f | %.2f | %+.2f | %+.2f |' % ((seed, crit) + two_sided(tr, A1, b1, crit)), flush=True)
        if a.seeds and not a.no_demo:
            print('\nScored with %s (rows from 5 s after the first movement row), twin at the phi_max of %s:' % (a.scorer, a.criteria.split(',')[-1]))
            print('| seed | phi | A2 | b2 | max |raw twin - raw real| uT | estimator | max |q twin - q real| | S1 real | S2 twin | S1+S2 | V1 | V2 | bar met on both? |')
            for seed in [int(s) for s in a.seeds.split(',') if s]:
                A1, b1 = mc.distortion(seed, n)
                ph, ev = found[seed, a.criteria.split(',')[-1]]
                if ev is None: continue
                ev, rows, v1, v2 = demo(tr, seed, ev, A1, b1, a, a.work)
                for k, s1, s2, same in rows:
                    print('| %d | %+.2f | %s | %s | %.1e | %s | %.1e | %.2f | %.2f | %.2f | %.2f | %.2f | %s |' % (
                        seed, np.rad2deg(ev['phi']), np.array2string(ev['A2'], precision=3, separator=',').replace('\n', ''),
                        np.array2string(ev['b2'], precision=1, separator=','), ev['raw_diff'], k, same, s1, s2, s1 + s2, v1, v2,
                        'yes' if (s1 <= v1 + 5 and s2 <= v2 + 5) else 'no'), flush=True)
        if a.draws:
            hits = {c: [] for c in a.criteria.split(',')}
            for k in range(a.draws):
                A1, b1 = draw(k, n)
                for crit in hits:
                    hits[crit].append(proves(tr, A1, b1, crit))
            for crit, v in hits.items():
                print('draws %d, %s: a twin with |phi| > V1 + V2 + 10 exists (LB > 5) for %.0f%% of draws' % (
                    len(v), crit, 100 * np.mean(v)), flush=True)
        print()


if __name__ == '__main__':
    main()
