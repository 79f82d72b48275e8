# covers: numpy pareto, weibull, power, rayleigh, standard_cauchy, triangular for RandomState (numpy 1.16 formulas) and Generator (ziggurat exponential), scalar and array draws, their parameter errors
# conform: exact
import numpy as np

for src in [np.random.RandomState(21), np.random.default_rng(21)]:
    print(type(src).__name__)
    print(*[float(src.pareto(3.0)) for _ in range(3)], src.pareto(1.5, size=2).tolist())
    print(*[float(src.weibull(1.5)) for _ in range(3)], float(src.weibull(0.0)), src.weibull(2.0, size=2).tolist())
    print(*[float(src.power(2.0)) for _ in range(3)], src.power(0.5, size=2).tolist())
    print(float(src.rayleigh()), float(src.rayleigh(3.0)), src.rayleigh(size=2).tolist())
    print(float(src.standard_cauchy()), src.standard_cauchy(3).tolist())
    print(float(src.triangular(0.0, 0.3, 1.0)), src.triangular(-1.0, 0.0, 2.0, size=3).tolist())
    print(src.triangular([0.0, 10.0], 10.0, 20.0).tolist())
    for label, fn in [("pareto", lambda: src.pareto(0.0)), ("weibull", lambda: src.weibull(-1.0)),
                      ("power", lambda: src.power(-2.0)), ("rayleigh", lambda: src.rayleigh(-1.0)),
                      ("tri_lm", lambda: src.triangular(2.0, 1.0, 3.0)),
                      ("tri_mr", lambda: src.triangular(0.0, 4.0, 3.0)),
                      ("tri_eq", lambda: src.triangular(1.0, 1.0, 1.0))]:
        try:
            fn()
        except ValueError as e:
            print(label, "ValueError", e)
