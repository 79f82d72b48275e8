# covers: numpy gamma (shape < 1, = 1, > 1), standard_gamma, beta (Johnk and gamma-ratio branches), chisquare, laplace, gumbel, logistic for both RandomState (legacy gaussian/exponential) and Generator (ziggurat), scalar and array draws, their parameter errors
# conform: exact
import numpy as np

for src in [np.random.RandomState(8), np.random.default_rng(8)]:
    print(type(src).__name__)
    print(*[float(src.gamma(0.5)) for _ in range(3)], float(src.gamma(1.0, 2.0)))
    print(*[float(src.gamma(3.5, 0.5)) for _ in range(3)], float(src.standard_gamma(2.0)))
    print(src.gamma(2.0, 1.0, size=4).tolist(), src.standard_gamma([0.3, 5.0]).tolist())
    print(*[float(src.beta(0.5, 0.7)) for _ in range(3)], *[float(src.beta(2.0, 3.0)) for _ in range(2)])
    print(src.beta(1.5, 0.5, size=3).tolist())
    print(float(src.chisquare(3.0)), src.chisquare(10.0, size=2).tolist())
    print(float(src.laplace()), float(src.laplace(1.0, 2.0)), src.laplace(size=2).tolist())
    print(float(src.gumbel()), src.gumbel(0.5, 0.1, size=2).tolist())
    print(float(src.logistic()), src.logistic(2.0, 3.0, size=2).tolist())
    for label, fn in [("gamma", lambda: src.gamma(-1.0)), ("beta", lambda: src.beta(0.0, 1.0)),
                      ("chisquare", lambda: src.chisquare(0.0)), ("laplace", lambda: src.laplace(0.0, -1.0))]:
        try:
            fn()
        except ValueError as e:
            print(label, "ValueError", e)
