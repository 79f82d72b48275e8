# lax.conv_general_dilated / conv / reduce_window and the stax Conv and pooling
# layers built on them (sums over kernel offsets of strided slices).
import jax, jax.numpy as jnp
from jax import lax, random
from jax.example_libraries import stax
x = jnp.arange(2 * 3 * 5 * 5, dtype=jnp.float32).reshape(2, 3, 5, 5) / 10
w = jnp.arange(4 * 3 * 3 * 3, dtype=jnp.float32).reshape(4, 3, 3, 3) / 50
print(lax.conv(x, w, (1, 1), 'SAME'))
print(lax.conv_general_dilated(x, w, (2, 2), 'VALID').shape, lax.conv_general_dilated(x, w, (2, 1), ((1, 0), (2, 1)), rhs_dilation=(1, 2)))
xn = jnp.transpose(x, (0, 2, 3, 1)); wn = jnp.transpose(w, (2, 3, 1, 0))
print(lax.conv_general_dilated(xn, wn, (1, 1), 'SAME', dimension_numbers=('NHWC', 'HWIO', 'NHWC'))[0, 0])
print(lax.conv_with_general_padding(x, w, (1, 1), ((1, 1), (0, 0)), (1, 1), (1, 1)).shape)
x1 = jnp.arange(10.).reshape(1, 1, 10); w1 = jnp.array([[[1., 0., -1.]]])
print(lax.conv_general_dilated(x1, w1, (1,), 'SAME'), lax.conv_general_dilated(x1, w1, (1,), 'VALID', lhs_dilation=(2,), padding=((1, 1),)) if False else lax.conv_general_dilated(x1, w1, (1,), ((1, 1),), lhs_dilation=(2,)))
print(lax.reduce_window(x[0, 0], -jnp.inf, lax.max, (2, 2), (2, 2), 'VALID'), lax.reduce_window(x[0, 0], 0., lax.add, (3, 3), (1, 1), 'SAME'))
init, apply = stax.serial(stax.Conv(4, (3, 3), padding='SAME'), stax.Relu, stax.MaxPool((2, 2), strides=(2, 2)), stax.Flatten, stax.Dense(3))
shape, params = init(random.PRNGKey(0), (2, 6, 6, 1))
print(tuple(int(d) for d in shape), apply(params, jnp.ones((2, 6, 6, 1)) * 0.5))
i2, a2 = stax.serial(stax.Conv(2, (2, 2), strides=(2, 2)), stax.AvgPool((2, 2)), stax.SumPool((1, 1)))
s2, p2 = i2(random.PRNGKey(1), (1, 4, 4, 3))
print(tuple(int(d) for d in s2), a2(p2, jnp.arange(48.).reshape(1, 4, 4, 3) / 48))
print(jax.jit(lambda a, b: lax.conv(a, b, (1, 1), 'SAME'))(x, w)[1, 2, 0])
xg = jnp.arange(1 * 4 * 3 * 3, dtype=jnp.float32).reshape(1, 4, 3, 3) / 10
wg = jnp.arange(6 * 2 * 2 * 2, dtype=jnp.float32).reshape(6, 2, 2, 2) / 10
print(lax.conv_general_dilated(xg, wg, (1, 1), 'VALID', feature_group_count=2))
print([int(d) for d in lax.conv_general_shape_tuple((2, 8, 8, 3), (3, 3, 3, 5), (2, 2), 'SAME', ('NHWC', 'HWIO', 'NHWC'))])
print(lax.reduce_window(jnp.arange(6.), 0., lax.add, (3,), (1,), ((1, 1),)))
print(lax.Precision.HIGHEST, lax.optimization_barrier(jnp.ones(2)))
