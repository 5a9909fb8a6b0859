#!/usr/bin/env python3
"""Fit every evaluation weight at once to a strong engine's scores (Texel's method).

  usage: fit_weights.py JACOBIAN.tsv [--fit 0,1,2] [--ridge R] [--scale]

JACOBIAN.tsv is what `examples/score_error.rs --jacobian` writes: per quiet position its
file's number, the reference score, our static score and, per weight, how many
centipawns our score moves per unit of that weight. Our score is linear in most weights,
so a trial weight vector gives every position's score without evaluating it again; the
fit minimises the mean squared difference of win probabilities (the measure of
`fairyboard_ai::fit`), each file weighing the same however many positions it has, plus a
small ridge that keeps each weight near where it was (R times the squared change relative
to the weight, or to 10 for a small one). Every weight keeps its sign and stays within
three times its size (10 for a small one): a term that is seldom active in the positions
must not swing to a value no one would choose. `--fit` names the files fitted on; the others are held out and their
error is printed beside. `--scale` lets each file's scores take a free factor, so only
the weights' proportions are fitted (the reference engine's unit need not be ours).

Prints the error per file before and after, and the weights the fit changed as
NAME=VALUE pairs, which `score_error` takes for a trial."""
import sys

import numpy as np
from scipy.optimize import least_squares


def win_probability(cp):
    return 1.0 / (1.0 + 10.0 ** (-cp / 400.0))


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    path = args[0]
    ridge = float(args[args.index('--ridge') + 1]) if '--ridge' in args else 0.02
    free_scale = '--scale' in args
    header = open(path).readline().rstrip('\n').split('\t')
    names = [h.split('=')[0] for h in header[3:]]
    current = np.array([float(h.split('=')[1]) for h in header[3:]])
    data = np.loadtxt(path, skiprows=1, ndmin=2)
    files = data[:, 0].astype(int)
    reference, score, slopes = data[:, 1], data[:, 2], data[:, 3:]
    sets = sorted(set(files))
    fit_on = ([int(s) for s in args[args.index('--fit') + 1].split(',')]
              if '--fit' in args else sets)
    # Each fitted file weighs the same: per position, one over its file's count.
    count = {s: (files == s).sum() for s in sets}
    weight = np.array([1.0 / count[f] if f in fit_on else 0.0 for f in files])
    target = win_probability(reference)
    size = np.maximum(np.abs(current), 10.0)
    n = len(names)
    # Bounds on the change: the same sign, at most three times the size.
    low = np.where(current >= 0, -current, -2 * size)
    high = np.where(current >= 0, 2 * size, -current)

    def predict(x):
        s = score + slopes @ x[:n]
        if free_scale:
            s = s * x[n:][np.searchsorted(sets, files)]
        return s

    def residuals(x):
        r = np.sqrt(weight) * (win_probability(predict(x)) - target)
        # Ridge: in centipawns of typical score movement, scaled to win probability.
        return np.concatenate([r, np.sqrt(ridge / len(fit_on)) * x[:n] / size])

    x0 = np.zeros(n + (len(sets) if free_scale else 0))
    if free_scale:
        x0[n:] = 1.0
        low = np.concatenate([low, np.full(len(sets), 0.3)])
        high = np.concatenate([high, np.full(len(sets), 3.0)])
    fitted = least_squares(residuals, x0, bounds=(low - 1e-9, high + 1e-9)).x

    def errors(x):
        e = (win_probability(predict(x)) - target) ** 2 * 1e4
        return {s: e[files == s].mean() for s in sets}

    before, after = errors(x0), errors(fitted)
    for s in sets:
        held = '' if s in fit_on else ' (held out)'
        print(f'file {s}: {count[s]} quiet positions, error {before[s]:.1f} -> {after[s]:.1f}{held}')
    if free_scale:
        print('scales', ' '.join(f'{v:.2f}' for v in fitted[n:]))
    print(' '.join(f'{name}={round(w + d)}' for name, w, d in zip(names, current, fitted[:n])
                   if round(w + d) != round(w)))


if __name__ == '__main__':
    main()
