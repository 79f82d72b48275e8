"""statistics: mean, fmean, median (low/high), mode, multimode, variance,
stdev, pvariance, pstdev, quantiles - on ints and floats (floats; CPython
computes some of these exactly with fractions, so a last digit may differ)."""

import math


class StatisticsError(ValueError):
    pass


def _data(data, fn, least=1):
    xs = list(data)
    if len(xs) < least:
        if least == 1:
            raise StatisticsError(fn + " requires at least one data point")
        raise StatisticsError(fn + " requires at least two data points")
    return xs


def _sum(xs):
    if all(isinstance(x, int) for x in xs):
        return sum(xs)
    return math.fsum(xs)


def mean(data):
    xs = _data(data, "mean")
    total = _sum(xs)
    if all(isinstance(x, int) for x in xs) and total % len(xs) == 0:
        return total // len(xs)
    return total / len(xs)


def fmean(data, weights=None):
    xs = _data(data, "fmean")
    if weights is None:
        return math.fsum(xs) / len(xs)
    ws = list(weights)
    return math.fsum(x * w for x, w in zip(xs, ws)) / math.fsum(ws)


def geometric_mean(data):
    xs = _data(data, "geometric_mean")
    return math.exp(math.fsum(math.log(x) for x in xs) / len(xs))


def harmonic_mean(data):
    xs = _data(data, "harmonic_mean")
    if any(x == 0 for x in xs):
        return 0
    return len(xs) / math.fsum(1 / x for x in xs)


def median(data):
    xs = sorted(_data(data, "median"))
    n = len(xs)
    if n % 2 == 1:
        return xs[n // 2]
    a, b = xs[n // 2 - 1], xs[n // 2]
    return (a + b) / 2


def median_low(data):
    xs = sorted(_data(data, "median_low"))
    n = len(xs)
    return xs[n // 2] if n % 2 == 1 else xs[n // 2 - 1]


def median_high(data):
    xs = sorted(_data(data, "median_high"))
    return xs[len(xs) // 2]


def mode(data):
    xs = list(data)
    if not xs:
        raise StatisticsError("no mode for empty data")
    counts = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    best = None
    for x in xs:
        if best is None or counts[x] > counts[best]:
            best = x
    return best


def multimode(data):
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    if not counts:
        return []
    top = max(counts.values())
    return [x for x, c in counts.items() if c == top]


def _ss(xs, c=None):
    if c is None:
        c = _sum(xs) / len(xs)
    return math.fsum((x - c) ** 2 for x in xs)


def variance(data, xbar=None):
    xs = _data(data, "variance", 2)
    return _ss(xs, xbar) / (len(xs) - 1)


def pvariance(data, mu=None):
    xs = _data(data, "pvariance")
    return _ss(xs, mu) / len(xs)


def stdev(data, xbar=None):
    xs = _data(data, "stdev", 2)
    return math.sqrt(_ss(xs, xbar) / (len(xs) - 1))


def pstdev(data, mu=None):
    xs = _data(data, "pstdev")
    return math.sqrt(_ss(xs, mu) / len(xs))


def quantiles(data, *, n=4, method="exclusive"):
    if n < 1:
        raise StatisticsError("n must be at least 1")
    xs = sorted(data)
    ld = len(xs)
    if ld < 2:
        raise StatisticsError("must have at least two data points")
    if method == "inclusive":
        m = ld - 1
        result = []
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            result.append((xs[j] * (n - delta) + xs[j + 1] * delta) / n)
        return result
    m = ld + 1
    result = []
    for i in range(1, n):
        j = i * m // n
        j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
        delta = i * m - j * n
        result.append((xs[j - 1] * (n - delta) + xs[j] * delta) / n)
    return result
