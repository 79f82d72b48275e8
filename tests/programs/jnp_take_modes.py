# covers: jnp.take modes (fill default: NaN / INT_MIN / fill_value past the ends, negative wraps; clip clamps the raw index; wrap is modulo), take along an axis, at[].get modes, take_along_axis's fill default; jnp.issubdtype with abstract categories (jnp.inexact, np.inexact, generic, complexfloating)
import jax.numpy as jnp
x = jnp.arange(5.) * 10
i = jnp.array([-7, -1, 0, 2, 4, 5, 9])
print(jnp.take(x, i))
print(jnp.take(x, i, mode='clip'))
print(jnp.take(x, i, mode='wrap'))
print(jnp.take(x, i, mode='fill'))
print(jnp.take(x, i, mode='fill', fill_value=-1))
xi = jnp.arange(5)
print(jnp.take(xi, i), jnp.take(xi, i, mode='clip'), jnp.take(xi, i, mode='wrap'))
m = jnp.arange(12.).reshape(3, 4)
print(jnp.take(m, jnp.array([-1, 3, 5]), axis=1, mode='clip'), jnp.take(m, jnp.array([-1, 3, 5]), axis=1, mode='wrap'), jnp.take(m, jnp.array([-4, 3, 4]), axis=0))
print(jnp.take(m, jnp.array([[0, 7]])))
print(x[i], xi.at[i].get(mode='clip'), xi.at[i].get(mode='fill', fill_value=99))
print(jnp.take_along_axis(m, jnp.array([[0], [5], [-1]]), axis=1))
print(jnp.take(jnp.array([True, False]), jnp.array([0, 3])), jnp.take(jnp.arange(4, dtype=jnp.uint8), jnp.array([1, 8])))
print(jnp.take_along_axis(m, jnp.array([[4], [0], [-5]]), axis=1, mode='clip'), jnp.take_along_axis(m, jnp.array([[9]]), axis=1, fill_value=-2.0))
import jax
print(jax.jit(lambda v, k: jnp.take(v, k))(x, i), jax.grad(lambda v: jnp.take(v, i, mode='clip').sum())(x))
import numpy as np
print(jnp.issubdtype(x.dtype, jnp.inexact), jnp.issubdtype(jnp.int32, jnp.inexact), jnp.issubdtype(x.dtype, np.inexact), jnp.issubdtype(jnp.int8, np.signedinteger))
print(jnp.issubdtype(jnp.float32, jnp.number), jnp.issubdtype(jnp.bool_, jnp.number), jnp.issubdtype(jnp.uint8, jnp.unsignedinteger), jnp.issubdtype(jnp.int32, jnp.generic), jnp.issubdtype(jnp.float32, jnp.complexfloating))
