# argmax / argmin over runs long enough for the compiled lane-split loop:
# ties go to the first index, the first NaN wins, -0 and +0 tie, integers
# signed and unsigned.
import jax
import jax.numpy as jnp

n = 1000
base = jnp.cos(jnp.arange(n, dtype=jnp.float32) * 0.1)
print(jax.jit(jnp.argmax)(base), jax.jit(jnp.argmin)(base))
ties = jnp.zeros(n, dtype=jnp.float32).at[37].set(5.0).at[700].set(5.0).at[901].set(5.0)
print(jax.jit(jnp.argmax)(ties), jax.jit(jnp.argmin)(-ties))
nans = base.at[555].set(jnp.nan).at[123].set(jnp.nan).at[999].set(jnp.nan)
print(jax.jit(jnp.argmax)(nans), jax.jit(jnp.argmin)(nans))
zeros = jnp.full(n, -1.0, dtype=jnp.float32).at[300].set(-0.0).at[200].set(0.0)
print(jax.jit(jnp.argmax)(zeros), jax.jit(jnp.argmax)(zeros[250:]))
ints = (jnp.arange(n, dtype=jnp.int32) * 7919) % 1009 - 500
print(jax.jit(jnp.argmax)(ints), jax.jit(jnp.argmin)(ints))
u = jnp.arange(n, dtype=jnp.uint32) * jnp.uint32(2654435761)
print(jax.jit(jnp.argmax)(u), jax.jit(jnp.argmin)(u))
m = jnp.sin(jnp.arange(64 * 333, dtype=jnp.float32)).reshape(64, 333)
print(jax.jit(lambda a: jnp.argmax(a, axis=1))(m))
print(jax.jit(lambda a: jnp.argmin(a, axis=0))(m)[:20])
last = jnp.arange(n, dtype=jnp.float32)
print(jax.jit(jnp.argmax)(last), jax.jit(jnp.argmin)(last[::-1]))
