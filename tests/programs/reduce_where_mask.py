# where= masks in every reduction, and promote_integers=False.
import jax
import jax.numpy as jnp

a = jnp.array([[1., 5.], [3., 2.]])
m = jnp.array([[True, False], [True, True]])
print(jnp.min(a, where=m, initial=10.), jnp.max(a, where=m, initial=-1.))
print(jnp.mean(a, where=m), jnp.mean(a, where=m, axis=0), jnp.mean(a, where=m, axis=1))
print(jnp.all(a > 2, where=m), jnp.any(a > 4, where=m), jnp.all(a > 2, where=m, axis=1))
print(jnp.sum(a, where=m), jnp.prod(a, where=m, axis=0))
print(jnp.max(jnp.array([1, 5], dtype=jnp.int8), where=jnp.array([True, False]), initial=-3))
print(jnp.mean(jnp.array([[1, 2], [3, 4]]), where=jnp.array([True, False])))
print(jax.jit(lambda x, w: jnp.mean(x, where=w, axis=0))(a, m))
for dt in [jnp.int8, jnp.uint8, jnp.int16, jnp.bool_]:
    x = jnp.array([1, 2, 3], dtype=dt)
    print(jnp.sum(x, promote_integers=False).dtype, jnp.prod(x, promote_integers=False).dtype,
          jnp.sum(x).dtype)
print(jnp.sum(jnp.array([100, 100], dtype=jnp.int8), promote_integers=False))
