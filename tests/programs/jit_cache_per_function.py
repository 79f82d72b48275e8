# jax.jit caches per function: jit(f) applied twice traces f once, so a
# trace-time side effect happens once and the cached trace is reused.
import jax
import jax.numpy as jnp

calls = []

def f(x):
    calls.append(1)
    return x * len(calls)

print(jax.jit(f)(5.0))
print(jax.jit(f)(5.0))
print(len(calls))
g = jax.jit(f)
print(g(jnp.ones(3)))
print(jax.jit(f)(jnp.ones(3)))
print(len(calls))
h = jax.jit(f, static_argnums=0)
print(h(2.0), len(calls))
