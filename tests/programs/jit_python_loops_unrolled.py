# Python for/while/if on static values inside jit are unrolled at trace time.
import jax
import jax.numpy as jnp

@jax.jit
def horner(x):
    coeffs = [1.0, -2.0, 0.5, 3.0]
    acc = jnp.zeros_like(x)
    for c in coeffs:
        acc = acc * x + c
    return acc
print(horner(jnp.array([0.0, 1.0, 2.0])))

@jax.jit
def pairwise(x):
    n = x.shape[0]
    out = []
    i = 0
    while i < n - 1:
        out.append(x[i] * x[i + 1])
        i += 1
    return jnp.stack(out)
print(pairwise(jnp.arange(1.0, 6.0)))

@jax.jit
def by_rank(x):
    if x.ndim == 1:
        return x.sum()
    elif x.ndim == 2:
        return x.sum(axis=1)
    return x
print(by_rank(jnp.ones(3)), by_rank(jnp.ones((2, 3))), by_rank(jnp.ones((1, 1, 2))))

@jax.jit
def running(xs):
    total = 0.0
    outs = []
    for k in range(xs.shape[0]):
        total = total + xs[k]
        if k % 2 == 1:
            outs.append(total)
    return outs
print(running(jnp.arange(6.0)))
