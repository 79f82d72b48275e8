# Arrays inside tuples, lists and dicts print with repr: Array(..., dtype=...), weak_type, shape for empty.
import jax.numpy as jnp

a = jnp.array([4.0, 5.0])
b = jnp.arange(3)
print((a, b))
print([a, 1, 'x'])
print({'a': a, 'n': jnp.int32(3)})
print((jnp.array(1.5), jnp.array(2), jnp.array(True)))
print((jnp.arange(6.0).reshape(2, 3),))
print((jnp.zeros((0,)), jnp.zeros((2, 0), dtype=jnp.int32)))
print([jnp.arange(30)])
print((jnp.arange(10.0) / 10,))
print((jnp.float16(0.1), jnp.bfloat16(0.1), jnp.uint8(7)))
print(a, b)
print([jnp.arange(1001)])
