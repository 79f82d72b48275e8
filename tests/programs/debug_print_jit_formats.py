# conform: sort-lines
# jax.debug.print inside jit: positional/indexed/named fields, format specs; 0-d values format as Python scalars.
import jax
import jax.numpy as jnp

@jax.jit
def f(x, n):
    jax.debug.print("A x={} n={n}", x, n=n)
    jax.debug.print("B mean={m:.3f} first={v:>8} n3={k:04d}", m=jnp.mean(x), v=x[0], k=n * 3)
    jax.debug.print("C {0} {1} {0}", n, x[1])
    jax.debug.print("D e={:e} g={:g} pct={:.1%}", x[1], x[1], x[1])
    jax.debug.print("E scalar float32 {} python float {}", x[2] / 10, 0.1)
    jax.debug.print("F matrix {}", jnp.arange(6.0).reshape(2, 3))
    jax.debug.print("G bool {} uint8 {} f16 {}", x[0] > 0, jnp.uint8(7), jnp.float16(0.5))
    jax.debug.print("H static {} {}", 'text', 3)
    return x * n

print(f(jnp.array([1.5, 2.25, -3.0]), 4))
